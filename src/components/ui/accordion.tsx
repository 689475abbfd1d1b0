import { ChevronDown } from "lucide-react";

export interface AccordionEntry {
  id: string;
  title: string;
  content: string;
}

/**
 * §4 FAQ: at most one item open; clicking the open item closes it. Native `<details>`
 * sharing one `name` does both in the browser, so the first tap works before (and
 * without) any script, and a closed answer stays in the HTML for search engines and
 * find-in-page.
 */
export function Accordion({ name, items, headingLevel = 3 }: { name: string; items: readonly AccordionEntry[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="divide-y divide-border rounded-xl border border-border bg-white">
      {items.map((item) => (
        <details key={item.id} id={item.id} name={name} className="group">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
            <Heading>{item.title}</Heading>
            <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform duration-200 group-open:rotate-180" />
          </summary>
          <div className="px-5 pb-5 leading-7 text-slate-700">{item.content}</div>
        </details>
      ))}
    </div>
  );
}

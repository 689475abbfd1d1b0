import * as AccordionPrimitive from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";

export interface AccordionEntry {
  id: string;
  title: string;
  content: string;
}

/**
 * §4 FAQ: at most one item open; clicking the open item closes it. Panels stay in
 * the HTML (forceMount) so the answers are readable, and indexable, without scripts.
 */
export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionEntry[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <AccordionPrimitive.Root type="single" collapsible className="divide-y divide-border rounded-xl border border-border bg-white">
      {items.map((item) => (
        <AccordionPrimitive.Item key={item.id} value={item.id}>
          <AccordionPrimitive.Header asChild>
            <Heading>
              <AccordionPrimitive.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:text-brand-800">
                {item.title}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform duration-200 group-data-[state=open]:rotate-180" />
              </AccordionPrimitive.Trigger>
            </Heading>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content forceMount className="px-5 pb-5 leading-7 text-slate-700 data-[state=closed]:hidden no-js:!block">
            {item.content}
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}

import { type ReplyFields, replyPlaceholders } from "@/lib/reply-templates";

/** What each placeholder becomes when a template is used on a lead, with the example lead's value. */
export function PlaceholderGuide({ example }: { example: ReplyFields }) {
  return (
    <section aria-labelledby="placeholders" className="grid gap-3">
      <h2 id="placeholders" className="text-lg font-bold text-slate-900">
        Placeholders
      </h2>
      <p className="text-sm text-slate-700">
        Write these in a subject or text, braces included. Replying to a lead fills each with that lead&apos;s details; one the lead lacks is left empty, so read the
        reply before sending it. Any other name in braces is refused when you save.
      </p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {replyPlaceholders.map((placeholder) => (
          <div key={placeholder.name} className="contents">
            <dt>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">{`{{${placeholder.name}}}`}</code>
            </dt>
            <dd className="text-slate-700 [overflow-wrap:anywhere]">
              {placeholder.meaning}, e.g. <span className="text-slate-900">{example[placeholder.name]}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

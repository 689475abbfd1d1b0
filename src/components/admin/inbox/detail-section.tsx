import type { ReactNode } from "react";

export type DetailItem = { label: string; value: ReactNode };

/** A titled group of label/value pairs in a detail dialog. Values render as text. */
export function DetailSection({ title, items, children }: { title: string; items?: readonly DetailItem[]; children?: ReactNode }) {
  return (
    <section className="rounded-lg border border-border p-4">
      <h3 className="mb-3 text-sm font-semibold tracking-wide text-brand-800 uppercase">{title}</h3>
      {items && (
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {items.map((item) => (
            <div key={item.label} className="contents">
              <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
              <dd className="mb-1 text-slate-900 [overflow-wrap:anywhere] sm:mb-0">{item.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </section>
  );
}

import type { ReactNode } from "react";

/**
 * The table frame of both inboxes. On narrow screens the table scrolls inside its
 * own box (focusable, so keyboard users can scroll it too) instead of the page.
 */
export function InboxTable({ label, columns, children }: { label: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
      <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
        <caption className="sr-only">{label}, newest first</caption>
        <thead className="bg-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap text-slate-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

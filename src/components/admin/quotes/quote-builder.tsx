import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { adminApi } from "@/lib/admin-api";
import type { QuoteLineInput } from "@/lib/quotes/quote-schema";
import { formatCents, quoteTotals } from "@/lib/quotes/quote-totals";
import type { QuoteCatalogItem } from "@/lib/quotes/quote-types";

export type DraftLine = { key: number; catalogId: string | null; description: string; quantity: string; price: string; billing: "one-time" | "monthly"; optional: boolean };

let keys = 0;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** "12.5" → 1250: dollars typed as text, read digit by digit (no float rounding); NaN when not a price. */
export function centsOf(price: string): number {
  const match = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(price.replace(/,/g, ""));
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0")) : Number.NaN;
}

export function draftLineOf(line: Partial<QuoteLineInput> & { description: string }): DraftLine {
  keys += 1;
  return { key: keys, catalogId: line.catalogId ?? null, description: line.description, quantity: String(line.quantity ?? 1), price: dollars(line.unitCents ?? 0), billing: line.billing ?? "one-time", optional: line.optional === true };
}

/** The lines as the API takes them; null while one is not valid yet. */
export function linesOf(draft: readonly DraftLine[]): QuoteLineInput[] | null {
  const lines = draft.map((line) => ({ catalogId: line.catalogId, description: line.description.trim(), quantity: Number(line.quantity), unitCents: centsOf(line.price), billing: line.billing, optional: line.optional }));
  return lines.length > 0 && lines.every((line) => line.description && Number.isInteger(line.quantity) && line.quantity >= 1 && Number.isInteger(line.unitCents)) ? lines : null;
}

/** The lines of a new quote: picked from the catalogue (its price and billing filled in) or typed; each can be optional. */
export function QuoteBuilder({ lines, onChange }: { lines: DraftLine[]; onChange: (lines: DraftLine[]) => void }) {
  const catalog = useQuery<{ items: QuoteCatalogItem[] }>({ queryKey: [adminApi.quoteCatalog] });
  const [pick, setPick] = useState("");
  const update = (key: number, change: Partial<DraftLine>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const valid = linesOf(lines);
  const totals = valid ? quoteTotals(valid.map((line) => ({ ...line, taxRate: 0, discountCents: 0, included: !line.optional }))) : null;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3">
        {lines.map((line, index) => (
          <li key={line.key} className="grid gap-2 rounded-md border border-border p-3" data-testid="quote-draft-line">
            <label className="grid gap-1 text-sm font-medium text-slate-800">
              Line {index + 1}
              <input className={inputClass} value={line.description} onChange={(event) => update(line.key, { description: event.target.value })} aria-label={`Line ${index + 1} description`} />
            </label>
            <div className="grid grid-cols-3 gap-2">
              <label className="grid gap-1 text-xs text-slate-700">
                Qty
                <input className={inputClass} inputMode="numeric" value={line.quantity} onChange={(event) => update(line.key, { quantity: event.target.value })} aria-label={`Line ${index + 1} quantity`} />
              </label>
              <label className="grid gap-1 text-xs text-slate-700">
                Unit $
                <input className={inputClass} inputMode="decimal" value={line.price} onChange={(event) => update(line.key, { price: event.target.value })} aria-label={`Line ${index + 1} unit price`} />
              </label>
              <label className="grid gap-1 text-xs text-slate-700">
                Billing
                <select className={inputClass} value={line.billing} onChange={(event) => update(line.key, { billing: event.target.value as DraftLine["billing"] })} aria-label={`Line ${index + 1} billing`}>
                  <option value="one-time">One-time</option>
                  <option value="monthly">Monthly</option>
                </select>
              </label>
            </div>
            <div className="flex items-center justify-between gap-2">
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-5" checked={line.optional} onChange={(event) => update(line.key, { optional: event.target.checked })} />
                Optional (the customer ticks it)
              </label>
              <Button size="sm" variant="outline" onClick={() => onChange(lines.filter((other) => other.key !== line.key))}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid min-w-0 flex-1 gap-1 text-sm font-medium text-slate-800">
          Add from the catalogue
          <select className={inputClass} value={pick} onChange={(event) => setPick(event.target.value)}>
            <option value="">Choose…</option>
            {catalog.data?.items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name} ({formatCents(item.unitCents)}
                {item.billing === "monthly" ? "/month" : ""})
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="outline"
          disabled={!pick}
          onClick={() => {
            const item = catalog.data?.items.find((entry) => entry.id === pick);
            if (item) onChange([...lines, draftLineOf({ catalogId: item.id, description: item.name, unitCents: item.unitCents, billing: item.billing })]);
            setPick("");
          }}
        >
          Add
        </Button>
        <Button variant="outline" onClick={() => onChange([...lines, draftLineOf({ description: "" })])}>
          Type a line
        </Button>
      </div>
      {totals && (
        <p className="text-sm text-slate-700" data-testid="quote-draft-totals">
          Before tax: {formatCents(totals.oneTimeCents)} one-time, {formatCents(totals.monthlyCents)}/month (optional lines not counted).
        </p>
      )}
    </div>
  );
}

import { formatCents, quoteTotals } from "@/lib/quotes/quote-totals";
import type { QuoteLine } from "@/lib/quotes/quote-types";

/**
 * With JavaScript, the totals follow each ticked option at once (the same function as the
 * server's, so they never differ); without it, "Update totals" posts the form instead.
 */
export function followTickedOptions(): void {
  const data = document.getElementById("quote-data")?.textContent;
  if (!data) return;
  const { lines, discountCents } = JSON.parse(data) as { lines: QuoteLine[]; discountCents: number };
  const boxes = [...document.querySelectorAll<HTMLInputElement>("input[data-option]")];
  const update = () => {
    const ticked = new Set(boxes.filter((box) => box.checked).map((box) => Number(box.dataset.option)));
    const totals = quoteTotals(
      lines.map((line) => ({ ...line, included: !line.optional || ticked.has(line.id) })),
      discountCents,
    );
    for (const element of document.querySelectorAll<HTMLElement>("[data-total]")) {
      const name = element.dataset.total as keyof typeof totals;
      if (name in totals) element.textContent = formatCents(totals[name]);
    }
  };
  for (const box of boxes) box.addEventListener("change", update);
  for (const button of document.querySelectorAll<HTMLElement>("[data-update-totals]")) button.hidden = true;
}

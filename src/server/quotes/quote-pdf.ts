import PDFDocument from "pdfkit";
import { site } from "@/content/site";
import { formatCents, formatTaxRate } from "@/lib/quotes/quote-totals";
import type { PublicQuote } from "@/lib/quotes/quote-types";
import { formatQuoteDate } from "@/lib/quotes/quote-labels";

/** The signature block of an accepted quote, as its record holds it. */
export type PdfSignature = { name: string; at: string; by: "customer" | "owner"; sha256: string };

/**
 * A quote as a PDF, drawn with pdfkit and its built-in Helvetica (no browser, no font files of
 * ours): number, customer, every line, both totals, note and terms, and once accepted the typed
 * name, the UTC time and the SHA-256 of the record. Text stays text, so it can be read back.
 */
export function renderQuotePdf(quote: PublicQuote, signature: PdfSignature | null): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: 54, info: { Title: `Quote ${quote.number}`, Author: site.name } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 108;

  doc.font("Helvetica-Bold").fontSize(18).text(site.name);
  doc.font("Helvetica").fontSize(10).text(`${site.phone.display} · ${site.email}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(16).text(`Quote ${quote.number}`);
  doc.font("Helvetica").fontSize(11).text(`For: ${quote.customerName}`);
  doc.text(`Valid until the end of ${formatQuoteDate(quote.validUntil)} (New York time)`);
  if (quote.note) doc.moveDown(0.5).text(quote.note);
  doc.moveDown();

  for (const line of quote.lines) {
    if (line.optional && !line.selected && signature) continue;
    const status = line.optional ? (line.selected ? " (option chosen)" : " (optional)") : "";
    doc.font("Helvetica-Bold").fontSize(11).text(`${line.description}${status}`, { width });
    const details = [`${line.quantity} × ${formatCents(line.unitCents)}`, line.billing === "monthly" ? "monthly" : "one-time", line.discountCents > 0 ? `less ${formatCents(line.discountCents)}` : "", line.taxRate > 0 ? `tax ${formatTaxRate(line.taxRate)}` : ""].filter(Boolean);
    doc.font("Helvetica").fontSize(10).text(`${details.join(" · ")} = ${formatCents(line.totalCents)}${line.billing === "monthly" ? " per month" : ""}`, { width });
    doc.moveDown(0.5);
  }

  const { totals } = quote;
  doc.moveDown(0.5).font("Helvetica").fontSize(11);
  doc.text(`One-time subtotal: ${formatCents(totals.oneTimeSubtotalCents)}   Tax: ${formatCents(totals.oneTimeTaxCents)}${totals.discountCents > 0 ? `   Discount: -${formatCents(totals.discountCents)}` : ""}`);
  doc.font("Helvetica-Bold").text(`One-time total: ${formatCents(totals.oneTimeCents)}`);
  doc.font("Helvetica").text(`Monthly subtotal: ${formatCents(totals.monthlySubtotalCents)}   Tax: ${formatCents(totals.monthlyTaxCents)}`);
  doc.font("Helvetica-Bold").text(`Monthly total: ${formatCents(totals.monthlyCents)} per month`);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(11).text("Terms");
  doc.font("Helvetica").fontSize(9).text(quote.terms, { width });

  if (signature) {
    doc.moveDown();
    doc.font("Helvetica-Bold").fontSize(12).text(`Accepted by ${signature.name}`);
    doc.font("Helvetica").fontSize(10).text(`On ${signature.at} (UTC)${signature.by === "owner" ? ", recorded by the owner from a phone call" : ", signed online by typing their name and agreeing to the terms"}`);
    doc.text(`Record SHA-256: ${signature.sha256}`, { width });
  }
  doc.end();
  return done;
}

import { getDb } from "@/server/db/connection";
import { isoFromMillis } from "@/server/db/schema";
import { toPublicQuote } from "./quote-acceptance";
import { renderQuotePdf } from "./quote-pdf";
import { loadQuote } from "./quote-store";

/** The desk's PDF of a quote: as sent, or once accepted with the signature its record holds. */
export async function quotePdf(id: number, now = Date.now()): Promise<{ bytes: Buffer; filename: string } | undefined> {
  const db = await getDb();
  const quote = await loadQuote(db, id, now);
  if (!quote) return undefined;
  const [lead, record] = await Promise.all([
    db.selectFrom("leads").select("name").where("id", "=", quote.leadId).executeTakeFirstOrThrow(),
    db.selectFrom("quote_acceptances").select(["typed_name", "accepted_at", "accepted_by", "snapshot_sha256"]).where("quote_id", "=", id).executeTakeFirst(),
  ]);
  const signature = record ? { name: record.typed_name, at: isoFromMillis(Number(record.accepted_at)), by: record.accepted_by, sha256: record.snapshot_sha256 } : null;
  return { bytes: await renderQuotePdf(toPublicQuote(quote, lead.name), signature), filename: `${quote.number}${signature ? "-signed" : ""}.pdf` };
}

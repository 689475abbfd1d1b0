import { fieldErrors, type ValidationIssues } from "@/lib/field-errors";
import { quoteAcceptSchema, quoteDeclineSchema } from "@/lib/quotes/quote-schema";
import type { QuoteTotals } from "@/lib/quotes/quote-totals";
import type { PublicQuote } from "@/lib/quotes/quote-types";
import { LIMITS } from "@/lib/validation/limits";
import { clientAddress } from "@/server/http/client-address";
import { readBodyBytes } from "@/server/http/json-responses";
import { kickOutbox } from "@/server/mail/mail-outbox";
import { acceptQuoteByToken, declineQuoteByToken, readQuoteByToken } from "./quote-acceptance";
import { EXPIRED_MESSAGE, isOwnerRequest, wantsLatest } from "./quote-routes";
import { totalsOf } from "./quote-store";

/** What the /quote/{token} page shows, and the HTTP status it answers with. */
export type QuotePageState = {
  httpStatus: number;
  quote: PublicQuote | null;
  /** open: can be accepted or declined; else why not. */
  state: "missing" | "open" | "expired" | "accepted" | "declined" | "replaced";
  /** The optional lines ticked, and the totals with them. */
  ticked: number[];
  totals: QuoteTotals | null;
  notice?: string;
  error?: string;
  fields: Record<string, string>;
  /** The name typed, kept when the form comes back with an error. */
  name: string;
  replacedBy: string | null;
  /** The old link opened with ?latest=1 shows the newest version sent: true when one exists. */
  newerSent: boolean;
  latest: boolean;
};

type Posted = { action?: string; name?: string; consent?: string; reason?: string; options: number[] };

async function postedFields(request: Request): Promise<Posted> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType)) return { options: [] };
  try {
    const bytes = await readBodyBytes(request, LIMITS.bodyBytesMax);
    if (bytes === null) return { options: [] };
    const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : undefined;
    };
    const options = form
      .getAll("option")
      .map((value) => (typeof value === "string" && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null))
      .filter((value): value is number => value !== null);
    return { action: field("action"), name: field("name"), consent: field("consent"), reason: field("reason"), options };
  } catch {
    return { options: [] };
  }
}

/**
 * The customer's quote page: GET shows it (a customer's view is recorded once a day; the
 * owner's own session is not counted) and never changes it. Its POST forms recompute the
 * totals with the ticked options (so no JavaScript is needed), accept (typed name and
 * "I agree") or decline (a reason), through the same path as the JSON API.
 */
export async function quotePageState(request: Request, token: string | undefined, now = Date.now()): Promise<QuotePageState> {
  const latest = wantsLatest(request);
  const link = { token, latest };
  let notice: string | undefined;
  let error: string | undefined;
  let fields: Record<string, string> = {};
  let posted: Posted = { options: [] };
  if (request.method === "POST") {
    posted = await postedFields(request);
    if (posted.action === "accept") {
      const parsed = quoteAcceptSchema.safeParse({ name: posted.name ?? "", consent: posted.consent === "yes", optionalLineIds: posted.options });
      if (!parsed.success) {
        fields = fieldErrors(parsed.error as ValidationIssues);
        error = "Please check the form below.";
      } else {
        const outcome = await acceptQuoteByToken(link, parsed.data, { ip: clientAddress(request.headers, undefined), userAgent: request.headers.get("user-agent") }, now);
        if (outcome.status === "accepted") {
          kickOutbox();
          notice = `Thank you, ${parsed.data.name}. Your acceptance is recorded; we will e-mail you a signed copy and call to schedule the work.`;
        } else if (outcome.status === "invalid") {
          fields = outcome.fields;
          error = "Please check the form below.";
        }
      }
    } else if (posted.action === "decline") {
      const parsed = quoteDeclineSchema.safeParse({ reason: posted.reason ?? "" });
      if (!parsed.success) {
        fields = fieldErrors(parsed.error as ValidationIssues);
        error = "Please tell us why, in a few words.";
      } else if ((await declineQuoteByToken(link, parsed.data.reason, now)).status === "declined") notice = "Thank you for letting us know. We have recorded your answer.";
    }
  }
  const read = await readQuoteByToken(token, now, await isOwnerRequest(request), latest);
  const empty = { ticked: [], totals: null, fields, name: posted.name ?? "", notice, error, replacedBy: null, newerSent: false, latest };
  if (read.status === "not-found") return { ...empty, httpStatus: 404, quote: null, state: "missing" };
  const quote = read.quote;
  const optional = new Set(quote.lines.filter((line) => line.optional).map((line) => line.id));
  // Accepted: the options chosen then. Open: the options ticked in the form just posted.
  const ticked = quote.status === "accepted" ? quote.lines.filter((line) => line.optional && line.selected).map((line) => line.id) : posted.options.filter((id) => optional.has(id));
  const totals = totalsOf(
    quote.lines.map((line) => ({ ...line, catalogId: null })),
    quote.discountCents,
    new Set(ticked),
  );
  if (read.status === "open") return { ...empty, httpStatus: 200, quote, state: "open", ticked, totals };
  if (read.status === "expired") return { ...empty, httpStatus: 410, quote, state: "expired", ticked, totals, error: notice ? undefined : EXPIRED_MESSAGE };
  let newerSent = false;
  if (read.reason === "replaced") {
    const newest = await readQuoteByToken(token, now, true, true);
    newerSent = newest.status !== "not-found" && "quote" in newest && newest.quote.number !== quote.number;
  }
  // A quote accepted or declined just now answers 200 with its notice; reopened later, 409.
  return { ...empty, httpStatus: notice ? 200 : 409, quote, state: read.reason, ticked, totals, replacedBy: read.replacedBy, newerSent };
}

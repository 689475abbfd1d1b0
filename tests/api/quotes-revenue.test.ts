import { expect, it } from "vitest";
import * as leadsEndpoint from "@/pages/api/admin/leads";
import * as revenueEndpoint from "@/pages/api/admin/reports/revenue";
import { site } from "@/content/site";
import type { RevenueReportRow } from "@/lib/reports";
import { getDb } from "@/server/db/connection";
import type { StoredQuoteStatus } from "@/server/db/schema";
import { deskCall, deskJson, deskSession } from "../support/desk-api";
import { describeEachEngine } from "../support/test-database";

const at = (iso: string) => Date.parse(iso);
let numbered = 0;

async function lead(token: string, channel: string, service: string): Promise<number> {
  numbered += 1;
  const { id } = await deskJson<{ id: number }>(await deskCall(leadsEndpoint.POST, "POST", "/api/admin/leads", { token, origin: site.url, body: { name: `Revenue ${numbered}`, email: `revenue${numbered}@example.com`, source: "phone" } }), 201);
  await (await getDb()).updateTable("leads").set({ first_channel: channel, service }).where("id", "=", id).execute();
  return id;
}

/** A quote row as the quote module leaves it at each stage, with known values in cents. */
async function seedQuote(leadId: number, quote: { status: StoredQuoteStatus; sentAt?: string; acceptedAt?: string; oneTimeCents: number; monthlyCents: number }): Promise<void> {
  numbered += 1;
  const created = at(quote.sentAt ?? "2026-11-01T15:00:00Z");
  await (await getDb())
    .insertInto("quotes")
    .values({
      lead_id: leadId,
      number: `Q-2026-${String(numbered).padStart(4, "0")}`,
      revision: "A",
      status: quote.status,
      valid_until: "2026-12-31",
      expires_at: at("2027-01-01T05:00:00Z"),
      terms: "Terms.",
      one_time_cents: quote.oneTimeCents,
      monthly_cents: quote.monthlyCents,
      sent_at: quote.sentAt ? at(quote.sentAt) : null,
      accepted_at: quote.acceptedAt ? at(quote.acceptedAt) : null,
      created_at: created,
      updated_at: created,
    })
    .execute();
}

describeEachEngine("revenue report", () => {
  it("counts quotes sent and revenue won in the range by channel, service and month, in integer cents", async () => {
    const token = await deskSession();
    const organic = await lead(token, "Organic Search", "network-cabling");
    const paid = await lead(token, "Paid Search", "voip-phone-systems");
    const drafts = await lead(token, "Organic Search", "network-cabling");
    await seedQuote(organic, { status: "accepted", sentAt: "2026-12-02T15:00:00Z", acceptedAt: "2026-12-03T15:00:00Z", oneTimeCents: 100_000, monthlyCents: 5_000 });
    await seedQuote(organic, { status: "sent", sentAt: "2026-12-05T15:00:00Z", oneTimeCents: 30_000, monthlyCents: 0 });
    await seedQuote(paid, { status: "accepted", sentAt: "2026-11-10T15:00:00Z", acceptedAt: "2026-12-04T15:00:00Z", oneTimeCents: 20_000, monthlyCents: 17_400 });
    // Not counted: a replaced version (its newer one is), a draft, and what falls outside the range.
    await seedQuote(paid, { status: "replaced", sentAt: "2026-11-05T15:00:00Z", oneTimeCents: 25_000, monthlyCents: 17_400 });
    await seedQuote(drafts, { status: "draft", oneTimeCents: 99_900, monthlyCents: 0 });
    await seedQuote(drafts, { status: "accepted", sentAt: "2026-10-02T15:00:00Z", acceptedAt: "2026-10-03T15:00:00Z", oneTimeCents: 77_700, monthlyCents: 0 });

    const report = async (by: string) => (await deskJson<{ rows: RevenueReportRow[] }>(await deskCall(revenueEndpoint.GET, "GET", `/api/admin/reports/revenue?by=${by}&from=2026-11-01&to=2026-12-31`, { token }))).rows;
    // Largest first by a year's worth: one-time plus 12 months ($2,288 against $1,600).
    expect(await report("channel")).toEqual([
      { key: "Paid Search", quotes: 1, accepted: 1, oneTimeCents: 20_000, monthlyCents: 17_400 },
      { key: "Organic Search", quotes: 2, accepted: 1, oneTimeCents: 100_000, monthlyCents: 5_000 },
    ]);
    expect(await report("service")).toEqual([
      { key: "voip-phone-systems", quotes: 1, accepted: 1, oneTimeCents: 20_000, monthlyCents: 17_400 },
      { key: "network-cabling", quotes: 2, accepted: 1, oneTimeCents: 100_000, monthlyCents: 5_000 },
    ]);
    expect(await report("month")).toEqual([
      { key: "2026-11", quotes: 1, accepted: 0, oneTimeCents: 0, monthlyCents: 0 },
      { key: "2026-12", quotes: 2, accepted: 2, oneTimeCents: 120_000, monthlyCents: 22_400 },
    ]);
    const bad = await deskCall(revenueEndpoint.GET, "GET", "/api/admin/reports/revenue?by=weekday", { token });
    expect(bad.status).toBe(400);
    const csv = await deskCall(revenueEndpoint.GET, "GET", "/api/admin/reports/revenue?by=channel&from=2026-11-01&to=2026-12-31&format=csv", { token });
    expect(await csv.text()).toContain(`"Organic Search","2","1","100000","5000"`);
  });
});

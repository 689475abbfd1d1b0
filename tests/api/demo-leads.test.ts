import { expect, it } from "vitest";
import { leadStatuses } from "@/lib/lead-desk";
import { leadListQuerySchema } from "@/lib/validation/lead-desk-schemas";
import { getDb } from "@/server/db/connection";
import { getAgenda } from "@/server/desk/agenda";
import { getLeadDetail } from "@/server/desk/lead-detail";
import { listLeads } from "@/server/desk/lead-list";
import { getToday } from "@/server/desk/today";
import { insertDemoLeads } from "@/server/leads/demo-leads";
import { leadReport, speedReport } from "@/server/reports/lead-reports";
import { lastWeeks } from "@/server/reports/report-range";
import { APP_TABLES, describeEachEngine } from "../support/test-database";

/*
 * The demo data reads like a real year of the business (issue 29), checked through the
 * desk's own reads: the reports, Today, the agenda, the lead list's search and the lead's
 * timeline. `now` is fixed so the seeded year is the same on every run.
 */

const NOW = Date.parse("2026-10-14T15:00:00Z");
const DAY = 86_400_000;
const LEADS = 300;

async function seedYear(): Promise<void> {
  await insertDemoLeads(await getDb(), { leads: LEADS, submissionsPerLead: 1.6, now: NOW, spanDays: 365, seed: 22 });
}

describeEachEngine("the demo year (npm run db:seed-demo)", () => {
  it("spreads the leads over channels, services and the pipeline as the reports show them", async () => {
    await seedYear();
    const range = lastWeeks(52, NOW);

    const channels = await leadReport("channel", range);
    const total = channels.reduce((sum, row) => sum + row.leads, 0);
    expect(total).toBeGreaterThan(0.9 * LEADS);
    const share = (key: string) => (channels.find((row) => row.key === key)?.leads ?? 0) / total;
    expect(share("Unassigned")).toBeLessThan(0.1);
    expect(channels.filter((row) => row.key !== "Unassigned" && row.leads / total >= 0.03).length).toBeGreaterThanOrEqual(6);
    for (const channel of ["Organic Search", "Direct", "Paid Search", "Referral", "Organic Social", "Email", "Phone"]) expect(share(channel), channel).toBeGreaterThan(0);
    // Search leads, as for most local businesses.
    expect(channels[0]!.key).toBe("Organic Search");

    const services = await leadReport("service", range);
    expect(services.filter((row) => row.key !== null && row.leads >= 5).length).toBeGreaterThanOrEqual(6);
    expect((services.find((row) => row.key === null)?.leads ?? 0) / total).toBeLessThan(0.05);

    const statuses = await leadReport("status", range);
    const byStatus = Object.fromEntries(statuses.map((row) => [row.key, row.leads / total]));
    for (const status of ["contacted", "quoted", "won", "lost"]) expect(byStatus[status], status).toBeGreaterThanOrEqual(0.05);
    expect(byStatus.new).toBeGreaterThan(0);
    // The funnel: every Won or Lost lead was contacted first, most Won leads were quoted.
    const sum = statuses.reduce((all, row) => ({ leads: all.leads + row.leads, contacted: all.contacted + row.contacted, quoted: all.quoted + row.quoted, won: all.won + row.won }), { leads: 0, contacted: 0, quoted: 0, won: 0 });
    expect(sum.contacted).toBeGreaterThan(sum.quoted);
    expect(sum.quoted).toBeGreaterThan(sum.won);

    // Spring and autumn are busier than midwinter and midsummer.
    const weeks = await leadReport("week", range);
    const inMonths = (months: string[]) => weeks.filter((row) => months.includes(row.key!.slice(5, 7))).reduce((all, row) => all + row.leads, 0);
    expect(inMonths(["04", "05", "09", "10"])).toBeGreaterThan(1.4 * inMonths(["01", "02", "07", "08"]));

    // Speed to lead has answered web leads in most months.
    const speed = await speedReport(range);
    expect(speed.filter((row) => row.medianSeconds !== null).length).toBeGreaterThanOrEqual(10);

    // Survey leads carry the score the receive path would have given them.
    const db = await getDb();
    const surveyLeads = await db.selectFrom("survey_submissions").select("lead_id").distinct().execute();
    const scored = await db.selectFrom("leads").select("id").where("score", "is not", null).execute();
    expect(surveyLeads.length).toBeGreaterThan(0.2 * LEADS);
    expect(scored.map((row) => row.id).sort((a, b) => a - b)).toEqual(surveyLeads.map((row) => Number(row.lead_id)).sort((a, b) => a - b));
  });

  it("gives open leads follow-ups on the agenda and Today, and brings back Won and Lost leads that wrote again", async () => {
    await seedYear();
    const agenda = await getAgenda(NOW);
    const items = agenda.days.flatMap((day) => day.items);
    expect(agenda.overdueCount).toBeGreaterThan(0);
    expect(agenda.days[0]!.items.length).toBeGreaterThan(0);
    expect(items.length).toBeGreaterThanOrEqual(20);
    expect(agenda.days.filter((day) => day.items.length > 0).length).toBeGreaterThanOrEqual(7);
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(["call", "email", "visit", "meeting"]));
    for (const item of items) expect(["contacted", "quoted"]).toContain(item.lead.status);

    const today = await getToday(NOW);
    expect(today.groups["follow-ups"].total).toBeGreaterThan(agenda.overdueCount - 1);
    expect(today.groups.new.total).toBeGreaterThan(0);
    const cameBack = await (await getDb()).selectFrom("leads").select(["status", "came_back_at", "last_submitted_at"]).where("came_back_at", "is not", null).execute();
    expect(today.groups["came-back"].total).toBe(cameBack.length);
    const cameBackStatuses = new Set(today.groups["came-back"].items.map((item) => item.status));
    expect(cameBackStatuses.has("won") && cameBackStatuses.has("lost")).toBe(true);
    // A few waiting for an answer, not every lead that ever wrote twice.
    expect(cameBack.length).toBeGreaterThanOrEqual(5);
    expect(cameBack.length).toBeLessThan(0.1 * LEADS);
    for (const lead of cameBack) {
      expect(Number(lead.came_back_at)).toBe(Number(lead.last_submitted_at));
      expect(NOW - Number(lead.came_back_at)).toBeLessThan(10 * DAY);
    }
  });

  it("keeps every time in the past, each milestone after the one before, and the timeline saying the same", async () => {
    await seedYear();
    const db = await getDb();
    const leads = await db.selectFrom("leads").selectAll().execute();
    expect(leads).toHaveLength(LEADS);
    const counts = Object.fromEntries(leadStatuses.map((status) => [status, leads.filter((lead) => lead.status === status).length]));
    expect(counts.spam).toBeLessThan(0.06 * LEADS);

    for (const lead of leads) {
      const at = (value: number | null) => (value === null ? null : Number(value));
      const [first, last] = [Number(lead.first_submitted_at), Number(lead.last_submitted_at)];
      const [response, quoted, won, lost] = [at(lead.first_response_at), at(lead.quoted_at), at(lead.won_at), at(lead.lost_at)];
      const label = `lead ${lead.id} (${lead.status})`;
      expect(first >= NOW - 366 * DAY && last <= NOW && first <= last, label).toBe(true);
      for (const milestone of [response, quoted, won, lost]) if (milestone !== null) expect(milestone < NOW && milestone > first, label).toBe(true);
      if (quoted !== null) expect(quoted > response!, label).toBe(true);
      if (won !== null) expect(won > (quoted ?? response!), label).toBe(true);
      if (lost !== null) expect(lost > (quoted ?? response!), label).toBe(true);
      expect(won !== null, label).toBe(lead.status === "won");
      expect(lost !== null && lead.lost_reason !== null, label).toBe(lead.status === "lost");
      expect(response === null, label).toBe(lead.status === "new" || lead.status === "spam");
      if (lead.status === "quoted") expect(quoted, label).not.toBeNull();
      // Follow-ups only on open leads, always with a type.
      if (lead.next_follow_up_at !== null) expect(["contacted", "quoted"].includes(lead.status) && lead.next_follow_up_type !== null, label).toBe(true);
      expect(lead.came_back_at === null || ["contacted", "quoted", "won", "lost"].includes(lead.status), label).toBe(true);
    }
    expect(leads.filter((lead) => lead.next_follow_up_at !== null).length).toBeGreaterThan(0.4 * (counts.contacted! + counts.quoted!));

    const events = await db.selectFrom("lead_events").selectAll().execute();
    for (const event of events) expect(Number(event.at)).toBeLessThan(NOW);
    for (const table of ["contact_requests", "survey_submissions"] as const) {
      const latest = await db.selectFrom(table).select((eb) => eb.fn.max("created_at").as("latest")).executeTakeFirstOrThrow();
      expect(Number(latest.latest)).toBeLessThan(NOW);
    }

    // The timeline of every tenth lead, as the desk reads it: status moves at the milestones, ending at the status.
    for (const lead of leads.filter((_, index) => index % 10 === 0)) {
      const detail = (await getLeadDetail(lead.id))!;
      const moves = detail.timeline.filter((entry) => entry.type === "status").reverse();
      const label = `lead ${lead.id}`;
      if (lead.status === "new") expect(moves, label).toEqual([]);
      else expect(moves[moves.length - 1]!.to, label).toBe(lead.status);
      const movedAt = (to: string) => moves.find((move) => move.to === to)?.at ?? null;
      const iso = (value: number | null) => (value === null ? null : new Date(Number(value)).toISOString());
      if (lead.status !== "spam") expect(movedAt("contacted"), label).toBe(iso(lead.first_response_at));
      expect(movedAt("quoted"), label).toBe(iso(lead.quoted_at));
      expect(movedAt("won"), label).toBe(iso(lead.won_at));
      expect(movedAt("lost"), label).toBe(iso(lead.lost_at));
      const setFollowUps = detail.timeline.filter((entry) => entry.type === "follow_up_set");
      if (lead.next_follow_up_at !== null) {
        expect(setFollowUps[0]!.dueAt, label).toBe(iso(lead.next_follow_up_at));
        expect(setFollowUps[0]!.followUpType, label).toBe(lead.next_follow_up_type);
      }
      if (lead.source === "web") expect(detail.submissions.length, label).toBeGreaterThan(0);
    }
  });

  it("gives the same year for the same seed and moment, and another for another seed", async () => {
    const db = await getDb();
    const year = async (seed: number) => {
      for (const table of APP_TABLES) await db.deleteFrom(table).execute();
      await insertDemoLeads(db, { leads: 60, submissionsPerLead: 1.6, now: NOW, spanDays: 365, seed });
      const leads = await db.selectFrom("leads").selectAll().orderBy("email_key").execute();
      const events = await db.selectFrom("lead_events").innerJoin("leads", "leads.id", "lead_events.lead_id").select(["leads.email_key", "lead_events.type", "lead_events.at", "lead_events.data"]).orderBy("leads.email_key").orderBy("lead_events.at").orderBy("lead_events.type").execute();
      return JSON.stringify({ leads: leads.map(({ id: _id, ...rest }) => rest), events });
    };
    const first = await year(7);
    expect(await year(7)).toBe(first);
    expect(await year(8)).not.toBe(first);
  });

  it("spreads repeat submissions over months, never minutes ago, and keeps the demo leads findable", async () => {
    await seedYear();
    const db = await getDb();
    const rows = [
      ...(await db.selectFrom("contact_requests").select(["lead_id", "created_at", "email", "message", "touch"]).execute()),
      ...(await db.selectFrom("survey_submissions").select(["lead_id", "created_at", "email", "additional_comments as message", "touch"]).execute()),
    ];
    const byLead = new Map<number, number[]>();
    for (const row of rows) byLead.set(Number(row.lead_id), [...(byLead.get(Number(row.lead_id)) ?? []), Number(row.created_at)]);
    const repeated = [...byLead.values()].filter((times) => times.length > 1).map((times) => times.sort((a, b) => a - b));
    expect(repeated.length).toBeGreaterThanOrEqual(0.15 * LEADS);
    // Weeks or months after the first, at their own times, none in the last hour.
    expect(repeated.filter((times) => times[times.length - 1]! - times[0]! > 30 * DAY).length).toBeGreaterThanOrEqual(0.08 * LEADS);
    for (const times of repeated) for (const at of times.slice(1)) expect(NOW - at).toBeGreaterThan(60 * 60 * 1000);
    const gaps = new Set(repeated.map((times) => Math.round((times[1]! - times[0]!) / DAY)));
    expect(gaps.size).toBeGreaterThan(20);
    // Most submissions carry the visit's touch, as the forms send it.
    expect(rows.filter((row) => row.touch !== null).length).toBeGreaterThan(0.9 * rows.length);

    // The search index has every demo lead's words: name, e-mail, a word of the message.
    const lead = await db.selectFrom("leads").selectAll().where("status", "<>", "spam").orderBy("id").offset(17).limit(1).executeTakeFirstOrThrow();
    const word = rows.find((row) => Number(row.lead_id) === lead.id && /[a-z]{7,}/i.test(row.message))?.message.match(/[a-z]{7,}/i)?.[0];
    expect(word).toBeDefined();
    const searches = [lead.email!, lead.name, `${lead.name} ${word!}`];
    for (const q of searches) {
      const found = await listLeads(leadListQuerySchema.parse({ q, pageSize: "100" }));
      expect(found.items.map((item) => item.id), q).toContain(lead.id);
    }
    const leadsWithWords = await db.selectFrom("lead_search").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    expect(Number(leadsWithWords.count)).toBe(LEADS);
  });
});

import { randomBytes } from "node:crypto";
import type { APIRoute } from "astro";
import { beforeEach, describe, expect, it } from "vitest";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import * as leadsEndpoint from "@/pages/api/admin/leads";
import * as leadEndpoint from "@/pages/api/admin/leads/[id]";
import type { VisitSignals } from "@/lib/attribution/visit-signals";
import type { LeadDetail, LeadList } from "@/lib/lead-desk";
import { hashSessionToken, SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from "@/server/auth/admin-session";
import { createAdminSession } from "@/server/auth/admin-sessions";
import { getDb } from "@/server/db/connection";
import { receiveLeadFormPost } from "@/server/leads/lead-form-post";
import { callEndpoint, jsonRequest, validContact, validSurvey } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";
import { submitLead } from "../support/submit-lead";

/*
 * Attribution through the one lead path (docs/attribution.md): the touches a submission
 * brings, as the desk API shows them, on both engines, against the real database.
 */

const ORIGIN = "http://127.0.0.1:3000";
let address = 0;
const nextAddress = () => `198.51.100.${(address += 1) % 250}`;

function signals(overrides: Partial<VisitSignals> = {}): VisitSignals {
  return {
    source: null,
    medium: null,
    campaign: null,
    term: null,
    content: null,
    gclid: null,
    msclkid: null,
    fbclid: null,
    referrer: null,
    landingPage: "/",
    at: new Date(Date.now() - 3_600_000).toISOString(),
    ...overrides,
  };
}

const newsletter = signals({ source: "newsletter", medium: "email", campaign: "fall-promo", landingPage: "/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo" });
const googleAd = signals({ gclid: "Cj0KCQiA-abc_123", campaign: "voip-search", referrer: "www.google.com", landingPage: "/greenville-voip?gclid=Cj0KCQiA-abc_123", at: new Date(Date.now() - 60_000).toISOString() });

async function post(endpoint: { POST?: APIRoute }, path: string, body: unknown): Promise<Response> {
  return callEndpoint(endpoint.POST!)(jsonRequest(path, body, { address: nextAddress() }));
}

async function session(): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
  return token;
}

async function admin(handler: APIRoute | undefined, path: string, token: string, params: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  return callEndpoint(handler!)(request, params);
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const listLeads = async (token: string, query = "") => json<LeadList>(await admin(leadsEndpoint.GET, `/api/admin/leads${query}`, token));
const getLead = async (token: string, id: number) => json<LeadDetail>(await admin(leadEndpoint.GET, `/api/admin/leads/${id}`, token, { id: String(id) }));

async function onlyLeadDetail(token: string): Promise<LeadDetail> {
  const list = await listLeads(token);
  expect(list.items).toHaveLength(1);
  return getLead(token, list.items[0]!.id);
}

beforeEach(() => {
  delete process.env.SMTP_URL;
  process.env.RATE_LIMIT_MULTIPLIER = "100";
});

describeEachEngine("attribution", () => {
  describe("first and last touch of a lead", () => {
    it("keeps the first touch, updates the last with a later submission, and gives each submission its own", async () => {
      expect((await post(contactEndpoint, "/api/contact", { ...validContact, firstTouch: newsletter, lastTouch: newsletter })).status).toBe(201);
      const token = await session();
      const first = await onlyLeadDetail(token);
      expect(first.firstTouch).toEqual({
        source: "newsletter",
        medium: "email",
        campaign: "fall-promo",
        term: null,
        content: null,
        clickId: null,
        referrer: null,
        landingPage: "/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo",
        channel: "Email",
        at: newsletter.at,
      });
      expect(first.lastTouch).toEqual(first.firstTouch);
      expect(first.firstChannel).toBe("Email");

      // The same person, weeks later, from a Google ad, sends the survey.
      const survey = { ...validSurvey, email: validContact.email, firstTouch: newsletter, lastTouch: googleAd };
      expect((await post(surveyEndpoint, "/api/survey", survey)).status).toBe(201);
      const lead = await getLead(token, first.id);
      expect(lead.submissionCount).toBe(2);
      expect(lead.firstTouch).toEqual(first.firstTouch);
      expect(lead.lastTouch).toMatchObject({ channel: "Paid Search", campaign: "voip-search", clickId: googleAd.gclid, referrer: "www.google.com", landingPage: googleAd.landingPage });
      const touches = Object.fromEntries(lead.submissions.map((submission) => [submission.kind, submission.touch as { channel: string; campaign: string }]));
      expect(touches.contact).toMatchObject({ channel: "Email", campaign: "fall-promo" });
      expect(touches.survey).toMatchObject({ channel: "Paid Search", campaign: "voip-search" });

      const db = await getDb();
      const row = await db.selectFrom("leads").select(["first_channel", "last_channel", "first_campaign", "last_campaign"]).where("id", "=", first.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ first_channel: "Email", last_channel: "Paid Search", first_campaign: "fall-promo", last_campaign: "voip-search" });
    });

    it("a direct submission does not replace a last touch that said where the lead came from", async () => {
      await post(contactEndpoint, "/api/contact", { ...validContact, firstTouch: newsletter, lastTouch: newsletter });
      await post(contactEndpoint, "/api/contact", { ...validContact, message: "Also one more question.", lastTouch: signals({ landingPage: "/about" }) });
      const lead = await onlyLeadDetail(await session());
      expect(lead.submissionCount).toBe(2);
      expect(lead.lastTouch).toMatchObject({ channel: "Email", campaign: "fall-promo" });
      expect(lead.submissions.map((submission) => (submission.touch as { channel: string }).channel).sort()).toEqual(["Direct", "Email"]);
    });

    it("works out the channel itself: a channel the client sends is ignored, and the site's own host is no referrer", async () => {
      await post(contactEndpoint, "/api/contact", { ...validContact, lastTouch: { ...newsletter, channel: "Paid Social" } });
      await post(contactEndpoint, "/api/contact", { ...validContact, email: "other@example.com", phone: "8645550177", lastTouch: signals({ referrer: "127.0.0.1:3000" }) });
      const token = await session();
      const { items } = await listLeads(token, "?sort=name");
      const channels = await Promise.all(items.map(async (item) => (await getLead(token, item.id)).lastTouch));
      expect(channels.map((touch) => [touch?.channel, touch?.referrer]).sort()).toEqual([
        ["Direct", null],
        ["Email", null],
      ]);
    });

    it("keeps a lead from before attribution without touches, Unassigned, until a submission brings its last touch", async () => {
      await submitLead("contact", validContact);
      const token = await session();
      const before = await onlyLeadDetail(token);
      expect(before).toMatchObject({ firstTouch: null, lastTouch: null, firstChannel: "Unassigned" });
      expect(before.submissions[0]!.touch).toBeNull();

      await post(contactEndpoint, "/api/contact", { ...validContact, message: "Following up on failover.", firstTouch: newsletter, lastTouch: googleAd });
      const after = await getLead(token, before.id);
      // Its first visit is not known: the first touch stays unset.
      expect(after).toMatchObject({ firstTouch: null, firstChannel: "Unassigned" });
      expect(after.lastTouch).toMatchObject({ channel: "Paid Search" });
    });

    it("folds a resent form into the first even when the touch differs", async () => {
      await post(contactEndpoint, "/api/contact", { ...validContact, lastTouch: newsletter });
      await post(contactEndpoint, "/api/contact", { ...validContact, lastTouch: googleAd });
      const lead = await onlyLeadDetail(await session());
      expect(lead.submissionCount).toBe(1);
      expect(lead.lastTouch).toMatchObject({ channel: "Email" });
    });
  });

  describe("hostile attribution", () => {
    it("drops bad values and keeps the lead (201), never a 500", async () => {
      const hostile = {
        source: "<script>alert(1)</script>".repeat(20),
        medium: { $ne: null },
        campaign: "fall\u0000promo",
        gclid: "'; drop table leads; --",
        referrer: "javascript:alert(1)",
        landingPage: "https://evil.example/",
        at: "9999-99-99",
        channel: "Paid Search",
      };
      for (const attribution of [{ firstTouch: hostile, lastTouch: hostile }, { firstTouch: "x", lastTouch: 42 }, { firstTouch: [1, 2], lastTouch: null }]) {
        const response = await post(contactEndpoint, "/api/contact", { ...validContact, email: `p${address}@example.com`, phone: `86455501${address % 100}`.padEnd(10, "0"), ...attribution });
        expect(response.status, await response.clone().text()).toBe(201);
      }
      const token = await session();
      const { items } = await listLeads(token);
      expect(items).toHaveLength(3);
      const touches = await Promise.all(items.map(async (item) => (await getLead(token, item.id)).lastTouch));
      const hostileTouch = touches.find((touch) => touch !== null)!;
      expect(touches.filter((touch) => touch === null)).toHaveLength(2);
      expect(hostileTouch).toMatchObject({ source: null, medium: null, campaign: null, clickId: null, referrer: null, landingPage: null, channel: "Direct" });
      expect(Math.abs(Date.parse(hostileTouch.at) - Date.now())).toBeLessThan(60_000);
    });
  });

  describe("filters", () => {
    beforeEach(async () => {
      await post(contactEndpoint, "/api/contact", { ...validContact, email: "mail@example.com", phone: "8645550101", firstTouch: newsletter, lastTouch: newsletter });
      await post(contactEndpoint, "/api/contact", { ...validContact, email: "ad@example.com", phone: "8645550102", firstTouch: newsletter, lastTouch: googleAd });
      await post(contactEndpoint, "/api/contact", { ...validContact, email: "search@example.com", phone: "8645550103", lastTouch: signals({ referrer: "duckduckgo.com" }) });
    });

    const emails = (list: LeadList) => list.items.map((item) => item.email).sort();

    it("channel= matches the first touch or the last", async () => {
      const token = await session();
      expect(emails(await listLeads(token, "?channel=Email"))).toEqual(["ad@example.com", "mail@example.com"]);
      expect(emails(await listLeads(token, "?channel=Paid%20Search"))).toEqual(["ad@example.com"]);
      expect(emails(await listLeads(token, "?channel=Organic+Search"))).toEqual(["search@example.com"]);
      expect((await listLeads(token, "?channel=Referral")).total).toBe(0);
    });

    it("campaign= matches exactly, in any case, on either touch", async () => {
      const token = await session();
      expect(emails(await listLeads(token, "?campaign=FALL-PROMO"))).toEqual(["ad@example.com", "mail@example.com"]);
      expect(emails(await listLeads(token, "?campaign=voip-search&channel=Paid%20Search"))).toEqual(["ad@example.com"]);
      expect((await listLeads(token, "?campaign=fall")).total).toBe(0);
    });

    it("answers 400 with the field for an unknown channel or an unreadable campaign", async () => {
      const token = await session();
      for (const [query, field] of [
        ["?channel=Billboards", "channel"],
        ["?channel=email", "channel"],
        [`?campaign=${"x".repeat(201)}`, "campaign"],
        ["?campaign=%00", "campaign"],
      ] as const) {
        const body = await json<{ error: string; fields: Record<string, string> }>(await admin(leadsEndpoint.GET, `/api/admin/leads${query}`, token), 400);
        expect(Object.keys(body.fields), query).toEqual([field]);
      }
    });
  });

  describe("without scripts", () => {
    function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
      return new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress(), ...headers },
        body: new URLSearchParams({ ...validContact, website: "", ...fields }).toString(),
      });
    }

    it("stores the form page's own query and the site it was opened from", async () => {
      const path = "/contact?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo";
      const state = await receiveLeadFormPost("contact", formPost(path, { visitReferrer: "mail.example.net" }, { referer: `${ORIGIN}${path}` }));
      expect(state).toEqual({ status: "success" });
      const lead = await onlyLeadDetail(await session());
      expect(lead.firstTouch).toMatchObject({ source: "newsletter", medium: "email", campaign: "fall-promo", referrer: "mail.example.net", landingPage: path, channel: "Email" });
      expect(lead.lastTouch).toEqual(lead.firstTouch);
      expect(lead.submissions[0]!.touch).toEqual(lead.firstTouch);
    });

    it("takes the post's Referer host when it is another site, never the site's own", async () => {
      await receiveLeadFormPost("contact", formPost("/contact", {}, { referer: "https://www.facebook.com/" }));
      await receiveLeadFormPost("contact", formPost("/contact?service=quote", { email: "own@example.com", phone: "8645550109", source: "quote" }, { referer: `${ORIGIN}/services` }));
      const token = await session();
      const { items } = await listLeads(token);
      const touches = Object.fromEntries(await Promise.all(items.map(async (item) => [item.email, (await getLead(token, item.id)).firstTouch] as const)));
      expect(touches[validContact.email]).toMatchObject({ referrer: "www.facebook.com", channel: "Organic Social", landingPage: "/contact" });
      expect(touches["own@example.com"]).toMatchObject({ referrer: null, channel: "Direct", landingPage: "/contact?service=quote" });
    });

    it("keeps a checked referrer through a post with errors, and drops a bad one", async () => {
      const kept = await receiveLeadFormPost("contact", formPost("/contact", { visitReferrer: "news.example.com", message: "short" }));
      expect(kept).toMatchObject({ status: "invalid", visitReferrer: "news.example.com" });
      const dropped = await receiveLeadFormPost("contact", formPost("/contact", { visitReferrer: "<b>evil</b>", message: "short" }));
      expect(dropped.status).toBe("invalid");
      expect(dropped.visitReferrer).toBeUndefined();
    });
  });
});

import type { APIContext, APIRoute } from "astro";
import type { SubmissionKind } from "@/lib/lead-desk";
import { storedSubmissionId } from "../support/stored-submission";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as contactEndpoint from "@/pages/api/contact";
import * as surveyEndpoint from "@/pages/api/survey";
import * as healthEndpoint from "@/pages/api/health";
import * as unknownApiPath from "@/pages/api/[...path]";
import { LIMITS } from "@/lib/validation/limits";
import { listOutbox } from "@/server/mail/mail-outbox";
import { SUBMISSION_RATE_LIMIT } from "@/server/leads/receive-lead";
import { jsonRequest, validContact, validSurvey } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";
import { listSubmissions } from "@/server/leads/stored-submissions";

/** Calls an endpoint as Astro does, with the parts of its APIContext the lead endpoints read. */
const call = async (handler: APIRoute, request: Request, clientAddress?: string) => handler({ request, clientAddress } as unknown as APIContext);
const postContact = (request: Request) => call(contactEndpoint.POST, request);
const postSurvey = (request: Request) => call(surveyEndpoint.POST, request);
const getContact = () => call(contactEndpoint.ALL, new Request("http://127.0.0.1:3000/api/contact"));
const deleteSurvey = () => call(surveyEndpoint.ALL, new Request("http://127.0.0.1:3000/api/survey", { method: "DELETE" }));

const routes = {
  contact: { post: postContact, path: "/api/contact", valid: validContact, list: () => listSubmissions("contact"), numbered: (n: number) => ({ message: `Request number ${n} for failover.` }) },
  survey: { post: postSurvey, path: "/api/survey", valid: validSurvey, list: () => listSubmissions("survey"), numbered: (n: number) => ({ additionalComments: `Survey number ${n}.` }) },
} as const;

let address = 0;
/** A new client address per test, so rate limits never leak between tests. */
function nextAddress() {
  address += 1;
  return `198.51.100.${address % 250}`;
}

beforeEach(() => {
  delete process.env.RATE_LIMIT_MULTIPLIER;
  delete process.env.SMTP_URL;
  // As deployed behind one proxy, which names the client in X-Forwarded-For (jsonRequest's `address`).
  process.env.TRUST_PROXY_HOPS = "1";
});

describeEachEngine("submission API", () => {
  for (const [kind, route] of Object.entries(routes)) {
    describe(`POST ${route.path}`, () => {
      it("stores a valid submission and answers 201 without naming its sequential id", async () => {
        const response = await route.post(jsonRequest(route.path, route.valid, { address: nextAddress() }));
        expect(response.status).toBe(201);
        expect(await response.json()).toEqual({ received: true });
        const stored = await route.list();
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({ email: route.valid.email, viewed: false });
      });

      it("answers 400 naming each bad field with its message", async () => {
        const response = await route.post(jsonRequest(route.path, { email: "nope" }, { address: nextAddress() }));
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: string; fields: Record<string, string> };
        expect(body.error).toBeTruthy();
        if (kind === "contact") {
          expect(body.fields).toEqual({
            name: "Name must be at least 2 characters.",
            email: "Please enter a valid email address.",
            phone: "Please enter a valid phone number.",
            projectType: "Please select a project type.",
            message: "Message must be at least 10 characters.",
          });
        } else {
          expect(body.fields).toMatchObject({
            businessName: "Business name is required",
            email: "Invalid email address",
            phoneNumber: "Phone number is required",
            address: "Address is required",
            employeeCount: "Must have at least one employee",
            deviceCount: "Must be a non-negative number",
            primaryInternetUse: "Primary internet use is required",
            phoneCount: "Must be a non-negative number",
          });
        }
        expect(await route.list()).toHaveLength(0);
      });

      it("answers 415 for another content type", async () => {
        const response = await route.post(jsonRequest(route.path, route.valid, { contentType: "text/plain", address: nextAddress() }));
        expect(response.status).toBe(415);
        expect(await response.json()).toHaveProperty("error");
      });

      it("answers 400 for malformed JSON and for a body that is not an object", async () => {
        const malformed = await route.post(jsonRequest(route.path, null, { raw: '{"name": ', address: nextAddress() }));
        expect(malformed.status).toBe(400);
        const array = await route.post(jsonRequest(route.path, [route.valid], { address: nextAddress() }));
        expect(array.status).toBe(400);
        expect(await array.json()).toHaveProperty("error");
      });

      it("answers 413 for a body over 64 KB", async () => {
        const huge = { ...route.valid, padding: "x".repeat(LIMITS.bodyBytesMax) };
        const response = await route.post(jsonRequest(route.path, huge, { address: nextAddress() }));
        expect(response.status).toBe(413);
        expect(await response.json()).toHaveProperty("error");
      });

      it("answers 429 with Retry-After once a client exceeds the limit", async () => {
        const client = nextAddress();
        for (let i = 0; i < SUBMISSION_RATE_LIMIT.limit; i += 1) {
          // Each differs: an identical submission within 10 minutes is folded into the first.
          const ok = await route.post(jsonRequest(route.path, { ...route.valid, ...route.numbered(i) }, { address: client }));
          expect(ok.status).toBe(201);
        }
        const limited = await route.post(jsonRequest(route.path, route.valid, { address: client }));
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await limited.json()).toHaveProperty("error");
        const other = await route.post(jsonRequest(route.path, route.valid, { address: nextAddress() }));
        expect(other.status).toBe(201);
        expect(await route.list()).toHaveLength(SUBMISSION_RATE_LIMIT.limit + 1);
      });

      it("looks successful to a bot that fills the honeypot but stores nothing", async () => {
        const response = await route.post(jsonRequest(route.path, { ...route.valid, website: "http://spam.example" }, { address: nextAddress() }));
        expect(response.status).toBe(201);
        expect(await response.json()).toEqual({ received: true });
        expect(await route.list()).toHaveLength(0);
        expect(await listOutbox()).toHaveLength(0);
      });

      it("queues a lead notification and the visitor's acknowledgement with the row when mail is configured", async () => {
        process.env.SMTP_URL = "smtp://127.0.0.1:1";
        process.env.MAIL_FROM = "website@example.com";
        process.env.LEADS_TO = "owner@example.com";
        const response = await route.post(jsonRequest(route.path, route.valid, { address: nextAddress() }));
        expect(response.status).toBe(201);
        const id = await storedSubmissionId(kind as SubmissionKind, route.valid.email);
        const queued = await listOutbox();
        expect(queued.map((item) => item.kind).sort()).toEqual(["acknowledgement", kind].sort());
        expect(queued.find((item) => item.kind === "acknowledgement")?.payload.to).toBe(route.valid.email);
        const outbox = queued.filter((item) => item.kind === kind);
        expect(outbox[0]).toMatchObject({ kind, refId: id, status: "pending" });
        expect(outbox[0]?.payload.replyTo).toBe(route.valid.email);
        expect(outbox[0]?.payload.to).toBe("owner@example.com");
      });
    });
  }

  it("stores unusual text byte for byte", async () => {
    const tricky = {
      ...validContact,
      name: "Zoë 🚀 O'Brien \"Q\" שלום",
      message: "'; DROP TABLE contact_requests; --\n<script>alert(1)</script> مرحبا \u202e",
    };
    const response = await postContact(jsonRequest("/api/contact", tricky, { address: nextAddress() }));
    expect(response.status).toBe(201);
    const [stored] = await listSubmissions("contact");
    expect(stored?.name).toBe(tricky.name);
    expect(stored?.message).toBe(tricky.message);
  });

  it("keeps the ?service= source the visitor came from", async () => {
    const response = await postContact(jsonRequest("/api/contact", { ...validContact, projectType: "other", source: "quote" }, { address: nextAddress() }));
    expect(response.status).toBe(201);
    const [stored] = await listSubmissions("contact");
    expect(stored).toMatchObject({ projectType: "other", source: "quote" });
  });

  it("rejects an unknown project type, source or survey service id", async () => {
    const badType = await postContact(jsonRequest("/api/contact", { ...validContact, projectType: "hacking" }, { address: nextAddress() }));
    expect(badType.status).toBe(400);
    const badSource = await postContact(jsonRequest("/api/contact", { ...validContact, source: "evil" }, { address: nextAddress() }));
    expect(badSource.status).toBe(400);
    const badService = await postSurvey(jsonRequest("/api/survey", { ...validSurvey, interestedServices: ["teleport"] }, { address: nextAddress() }));
    expect(badService.status).toBe(400);
  });

  it("coerces survey numbers given as text and rejects non-numbers", async () => {
    const text = await postSurvey(jsonRequest("/api/survey", { ...validSurvey, employeeCount: "7", deviceCount: "0", phoneCount: "3" }, { address: nextAddress() }));
    expect(text.status).toBe(201);
    const [stored] = await listSubmissions("survey");
    expect(stored).toMatchObject({ employeeCount: 7, deviceCount: 0, phoneCount: 3, interestedServices: ["voip", "starlink"], hasPublicWifi: true });
    const bad = await postSurvey(jsonRequest("/api/survey", { ...validSurvey, employeeCount: "many" }, { address: nextAddress() }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.employeeCount).toBe("Must have at least one employee");
  });

  it("enforces the documented upper bounds", async () => {
    const long = await postContact(jsonRequest("/api/contact", { ...validContact, message: "x".repeat(LIMITS.messageMax + 1) }, { address: nextAddress() }));
    expect(long.status).toBe(400);
    const many = await postSurvey(jsonRequest("/api/survey", { ...validSurvey, employeeCount: LIMITS.employeeCountMax + 1 }, { address: nextAddress() }));
    expect(many.status).toBe(400);
  });

  it("answers other methods with a JSON 405", async () => {
    const get = await getContact();
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await get.json()).toHaveProperty("error");
    const del = await deleteSurvey();
    expect(del.status).toBe(405);
  });

  it("answers OPTIONS with 204 and the methods it serves", async () => {
    const options = await call(contactEndpoint.ALL, new Request("http://127.0.0.1:3000/api/contact", { method: "OPTIONS" }));
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("without a trusted proxy, rate-limits by the address the client connected from, whatever X-Forwarded-For says", async () => {
    process.env.TRUST_PROXY_HOPS = "0";
    // Each request forges a new X-Forwarded-For; the socket's peer is what counts.
    const direct = (socketAddress: string) => call(contactEndpoint.POST, jsonRequest("/api/contact", validContact, { address: nextAddress() }), socketAddress);
    for (let i = 0; i < SUBMISSION_RATE_LIMIT.limit; i += 1) expect((await direct("192.0.2.50")).status).toBe(201);
    expect((await direct("192.0.2.50")).status).toBe(429);
    expect((await direct("192.0.2.51")).status).toBe(201);
  });

  it("rate-limits an IPv6 client by its /64, so rotating addresses inside it does not help", async () => {
    process.env.TRUST_PROXY_HOPS = "0";
    const from = (socketAddress: string) => call(contactEndpoint.POST, jsonRequest("/api/contact", validContact), socketAddress);
    for (let i = 0; i < SUBMISSION_RATE_LIMIT.limit; i += 1) expect((await from(`2001:db8:42:1::${(i + 1).toString(16)}`)).status).toBe(201);
    const refused = await from("2001:db8:42:1:ffff:ffff:ffff:ffff");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await from("2001:db8:42:2::1")).status).toBe(201);
  });
});

describe("other API paths", () => {
  it("GET and HEAD /api/health report the database; other methods get a JSON 405", async () => {
    const get = await call(healthEndpoint.GET, new Request("http://127.0.0.1:3000/api/health"));
    expect([200, 503]).toContain(get.status);
    expect(await get.json()).toHaveProperty("status");
    expect(healthEndpoint.HEAD).toBe(healthEndpoint.GET);
    const post = await call(healthEndpoint.ALL, new Request("http://127.0.0.1:3000/api/health", { method: "POST" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });

  it("an unknown API path answers a JSON 404 whatever the method", async () => {
    const response = await call(unknownApiPath.ALL, new Request("http://127.0.0.1:3000/api/nothing-here", { method: "PATCH" }));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "No such API endpoint." });
  });
});

afterEach(() => {
  delete process.env.MAIL_FROM;
  delete process.env.LEADS_TO;
  delete process.env.TRUST_PROXY_HOPS;
});

import { listContacts, logInAdmin } from "../support/admin-client";
import { validContact, validSurvey } from "../support/api-request";
import { startNextServer, type RunningServer } from "../support/next-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./helpers";

/**
 * The production server (server.mjs) answers prerendered pages from memory after the
 * first time (production-server/page-cache.mjs) and calls the lead endpoints' handlers
 * without Next's router (production-server/direct-routes.mjs). What a client gets must
 * not change: the same bytes and headers `next start` gives for the same build.
 */
const PRERENDERED = ["/", "/about", "/services/starlink", "/blog/sd-wan-vs-mpls", "/sitemap", "/sitemap.xml", "/robots.txt", "/blog/rss.xml", "/icon.svg"];
/**
 * Written per response by Node, about the connection, or how the length is told
 * (a declared Content-Length or chunks, for the same bytes).
 */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

const comparable = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));

let nextStart: RunningServer;

test.beforeAll(async ({}, testInfo) => {
  nextStart = await startNextServer({ DATABASE_PATH: `${testInfo.outputDir}/next-start.db`, RATE_LIMIT_MULTIPLIER: "100" }, { nextStart: true });
});
test.afterAll(async () => {
  await nextStart?.stop();
});

test.describe("prerendered pages from memory", () => {
  test("answer with the bytes and headers next start gives, plain and behind TLS", async ({ request }) => {
    for (const path of PRERENDERED) {
      for (const proto of [undefined, "https"]) {
        const headers: Record<string, string> = { "Accept-Encoding": "identity", ...(proto ? { "X-Forwarded-Proto": proto } : {}) };
        // The first answer is kept; the next ones come from memory.
        await request.get(path, { headers });
        const ours = await request.get(path, { headers });
        const theirs = await request.get(`${nextStart.url}${path}`, { headers });
        const label = `${path} ${proto ?? "http"}`;
        expect(ours.status(), label).toBe(200);
        expect(theirs.status(), label).toBe(200);
        expect((await ours.body()).equals(await theirs.body()), label).toBe(true);
        expect(comparable(ours.headers()), label).toEqual(comparable(theirs.headers()));
        expect(Boolean(ours.headers()["strict-transport-security"]), label).toBe(proto === "https");
      }
    }
  });

  test("are sent in gzip to a client that takes it, and the gzip holds the same page", async ({ request }) => {
    for (const path of ["/", "/blog/sd-wan-vs-mpls", "/sitemap.xml"]) {
      const plain = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
      const compressed = await request.get(path, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
      expect(compressed.headers()["content-encoding"], path).toBe("gzip");
      expect(compressed.headers()["vary"], path).toMatch(/accept-encoding/i);
      // Playwright inflates the body; the page must be the same bytes.
      expect((await compressed.body()).equals(await plain.body()), path).toBe(true);
    }
  });

  test("a conditional request gets 304 and a React payload request gets the payload", async ({ request }) => {
    const page = await request.get("/about");
    const etag = page.headers()["etag"];
    expect(etag).toBeTruthy();
    const again = await request.get("/about", { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);
    const payload = await request.get("/about", { headers: { RSC: "1" } });
    expect(payload.status()).toBe(200);
    expect(payload.headers()["content-type"]).toContain("text/x-component");
  });
});

test.describe("the lead endpoints, called directly", () => {
  const json = { "Content-Type": "application/json" };
  const cases: { label: string; path: string; data: string; headers?: Record<string, string> }[] = [
    { label: "a valid contact request", path: "/api/contact", data: JSON.stringify(validContact) },
    { label: "a valid survey", path: "/api/survey", data: JSON.stringify(validSurvey) },
    { label: "fields that fail validation", path: "/api/contact", data: JSON.stringify({ ...validContact, email: "nope", name: "" }) },
    { label: "every survey field wrong", path: "/api/survey", data: JSON.stringify({ employeeCount: -1, interestedServices: "x" }), headers: { "Accept-Encoding": "gzip" } },
    { label: "malformed JSON", path: "/api/contact", data: "{ name: " },
    { label: "a JSON array", path: "/api/survey", data: "[]" },
    { label: "another content type", path: "/api/contact", data: "name=Dana", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
    { label: "a body over 64 KB", path: "/api/contact", data: JSON.stringify({ ...validContact, message: "x".repeat(70_000) }) },
    { label: "a request behind TLS", path: "/api/contact", data: "{}", headers: { "X-Forwarded-Proto": "https" } },
  ];

  test("answer every kind of submission as next start does: status, body and headers", async ({ request }) => {
    for (const { label, path, data, headers } of cases) {
      const options = { data, headers: { ...json, ...headers } };
      const ours = await request.post(path, options);
      const theirs = await request.post(`${nextStart.url}${path}`, options);
      expect(ours.status(), label).toBe(theirs.status());
      const [oursBody, theirsBody] = [await ours.json(), await theirs.json()];
      if (ours.status() === 201) {
        expect(Object.keys(oursBody), label).toEqual(["id"]);
        expect(typeof oursBody.id, label).toBe("number");
        expect(Object.keys(theirsBody), label).toEqual(["id"]);
      } else expect(oursBody, label).toEqual(theirsBody);
      // Next gzips every API answer a client takes gzip for, 20-byte ones included, and marks
      // them as varying on its router headers; the direct door compresses from 1 KB, like pages.
      const withoutEncoding = ({ "content-encoding": _encoding, vary: _vary, ...rest }: Record<string, string>) => rest;
      expect(withoutEncoding(comparable(ours.headers())), label).toEqual(withoutEncoding(comparable(theirs.headers())));
      const encoded = ours.headers()["content-encoding"];
      if (encoded) expect(ours.headers()["vary"], label).toMatch(/accept-encoding/i);
    }
  });

  test("a lead acknowledged through the direct door is stored and listed in the back office", async ({ request, baseURL }) => {
    const marker = `Direct door check ${Date.now()}`;
    const posted = await request.post("/api/contact", { data: { ...validContact, message: marker }, headers: json });
    expect(posted.status()).toBe(201);
    const { id } = (await posted.json()) as { id: number };
    const cookie = await logInAdmin(baseURL!, E2E_ADMIN);
    const listed = (await listContacts(baseURL!, cookie)).find((contact) => contact.id === id);
    expect(listed?.message).toBe(marker);
    expect(listed?.email).toBe(validContact.email);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE, SESSION_IDLE_TTL_MS } from "@/server/auth/admin-session";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "@/server/auth/device-cookie";
import { PENDING_LOGIN_COOKIE, PENDING_LOGIN_TTL_MS } from "@/server/auth/pending-login";
import { hostCookieName, serializeCookie } from "@/server/http/cookies";

/**
 * The privacy page lists every cookie the site sets, under the names, lifetimes and flags
 * the server gives them: the facts are read from the server's own constants, so a cookie
 * renamed or a lifetime changed there fails here until the page says so too.
 */
const privacyText = readFileSync(new URL("../../src/content/pages/privacy.md", import.meta.url), "utf8").replace(/\s+/g, " ");

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const YEAR_MS = 365 * 24 * HOUR_MS;

/** A lifetime as the page words it: "one year", "12 hours", "5 minutes". */
function inWords(ms: number): string {
  if (ms === YEAR_MS) return "one year";
  if (ms % HOUR_MS === 0) return `${ms / HOUR_MS} hour${ms === HOUR_MS ? "" : "s"}`;
  if (ms % MINUTE_MS === 0) return `${ms / MINUTE_MS} minute${ms === MINUTE_MS ? "" : "s"}`;
  throw new Error(`no wording for ${ms} ms`);
}

const cookies = [
  { label: "Session cookie", name: SESSION_COOKIE, lifetimes: [SESSION_IDLE_TTL_MS, SESSION_ABSOLUTE_TTL_MS] },
  { label: "Device cookie", name: DEVICE_COOKIE, lifetimes: [DEVICE_COOKIE_MAX_AGE_SECONDS * 1000] },
  { label: "Pending-login cookie", name: PENDING_LOGIN_COOKIE, lifetimes: [PENDING_LOGIN_TTL_MS] },
];

/** The paragraph of the page's cookie list about one cookie. */
function entryFor(label: string): string {
  const entry = privacyText.split(" - ").find((item) => item.startsWith(`**${label}**`));
  expect(entry, `the privacy page has an entry "${label}"`).toBeDefined();
  return entry!.split(" All three ")[0]!;
}

describe("the privacy page's cookie list", () => {
  it("says how many cookies the site sets", () => {
    expect(privacyText).toContain(`The site sets ${["one", "two", "three", "four"][cookies.length - 1]} cookies`);
  });

  it.each(cookies)("names the $label under the name it has over HTTPS and states its lifetime", ({ label, name, lifetimes }) => {
    const entry = entryFor(label);
    expect(entry).toContain(`\`${hostCookieName(name, true)}\``);
    for (const lifetime of lifetimes) expect(entry).toContain(inWords(lifetime));
  });

  it("states the flags every one of them carries", () => {
    const flags = serializeCookie("probe", "value", { maxAgeSeconds: 60, secure: true }).split("; ").slice(1);
    expect(flags).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Secure"]));
    for (const flag of ["HttpOnly", "SameSite=Strict", "Secure"]) expect(privacyText).toContain(`\`${flag}\``);
    expect(privacyText).toContain(`\`${SESSION_COOKIE}\``);
  });
});

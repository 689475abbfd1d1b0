import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordVisit, storedTouches, TOUCH_LIFETIME_DAYS, TOUCH_STORAGE_KEY, VISIT_SESSION_KEY } from "@/lib/attribution/touch-storage";

/**
 * The browser's record of a visitor's first and last touch, run against in-memory
 * Storage objects standing in for the browser's localStorage and sessionStorage (the
 * e2e suite, tests/e2e/attribution.spec.ts, runs the same module in a real browser).
 */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const SITE = "https://saludaridge.example";
const DAY_MS = 24 * 60 * 60 * 1000;
let local: MemoryStorage;
let session: MemoryStorage;

/** Opens a page as a browser would: at `path`, from `referrer`, at `at`. */
function open(path: string, referrer = "", at = new Date("2026-11-01T12:00:00Z")) {
  vi.stubGlobal("location", { href: `${SITE}${path}` });
  vi.stubGlobal("document", { referrer });
  recordVisit(at);
}

/** A new browser session (the tab closed and opened again): sessionStorage starts empty. */
function newSession() {
  session = new MemoryStorage();
  vi.stubGlobal("sessionStorage", session);
}

beforeEach(() => {
  local = new MemoryStorage();
  vi.stubGlobal("localStorage", local);
  newSession();
});
afterEach(() => vi.unstubAllGlobals());

describe("recordVisit", () => {
  it("keeps the landing visit as first and last touch, and pages within the visit change nothing", () => {
    open("/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo", "https://mail.example.net/");
    open("/services", `${SITE}/`);
    open("/contact", `${SITE}/services`);
    const { firstTouch, lastTouch } = storedTouches(Date.parse("2026-11-01T13:00:00Z"));
    expect(firstTouch).toMatchObject({ source: "newsletter", medium: "email", campaign: "fall-promo", referrer: "mail.example.net", landingPage: "/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo" });
    expect(lastTouch).toEqual(firstTouch);
    expect(session.getItem(VISIT_SESSION_KEY)).not.toBeNull();
  });

  it("replaces the last touch with a later campaign visit and keeps the first", () => {
    open("/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo");
    newSession();
    open("/greenville-voip?utm_source=google&utm_medium=cpc&utm_campaign=voip-search", "https://www.google.com/", new Date("2026-11-05T09:00:00Z"));
    const { firstTouch, lastTouch } = storedTouches(Date.parse("2026-11-05T10:00:00Z"));
    expect(firstTouch?.campaign).toBe("fall-promo");
    expect(lastTouch).toMatchObject({ campaign: "voip-search", landingPage: "/greenville-voip?utm_source=google&utm_medium=cpc&utm_campaign=voip-search", at: "2026-11-05T09:00:00.000Z" });
  });

  it("a campaign link within the same session is a new visit too", () => {
    open("/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo");
    open("/about?utm_source=partner&utm_medium=referral", `${SITE}/`);
    expect(storedTouches(Date.parse("2026-11-01T13:00:00Z")).lastTouch?.source).toBe("partner");
  });

  it("a direct visit does not replace a last touch that said where it came from", () => {
    open("/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo");
    newSession();
    open("/", "", new Date("2026-11-10T12:00:00Z"));
    expect(storedTouches(Date.parse("2026-11-10T12:00:00Z")).lastTouch?.campaign).toBe("fall-promo");
  });

  it("keeps a first direct visit, which a later campaign visit replaces as last touch only", () => {
    open("/about");
    newSession();
    open("/?utm_source=newsletter&utm_medium=email", "", new Date("2026-11-02T12:00:00Z"));
    const { firstTouch, lastTouch } = storedTouches(Date.parse("2026-11-02T12:00:00Z"));
    expect(firstTouch).toMatchObject({ source: null, referrer: null, landingPage: "/about" });
    expect(lastTouch).toMatchObject({ source: "newsletter", landingPage: "/?utm_source=newsletter&utm_medium=email" });
  });

  it("forgets touches after 90 days, and the next visit starts over", () => {
    open("/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo");
    const later = new Date(Date.parse("2026-11-01T12:00:00Z") + 91 * DAY_MS);
    expect(storedTouches(later.getTime())).toEqual({});
    newSession();
    open("/blog", "https://www.bing.com/", later);
    const { firstTouch, lastTouch } = storedTouches(later.getTime());
    expect(firstTouch).toMatchObject({ referrer: "www.bing.com", landingPage: "/blog" });
    expect(lastTouch).toEqual(firstTouch);
  });

  it("never records the site's own host as the referrer", () => {
    open("/services", `${SITE}/about`);
    expect(storedTouches(Date.parse("2026-11-01T12:00:00Z")).firstTouch?.referrer).toBeNull();
  });

  it("survives blocked or damaged storage", () => {
    local.setItem(TOUCH_STORAGE_KEY, "{not json");
    expect(storedTouches()).toEqual({});
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    });
    expect(() => open("/?utm_source=newsletter")).not.toThrow();
    expect(storedTouches()).toEqual({});
  });
});

describe("the privacy page", () => {
  it("names what the browser keeps under the keys the module uses, and for how long", () => {
    const privacy = readFileSync(new URL("../../src/content/pages/privacy.md", import.meta.url), "utf8").replace(/\s+/g, " ");
    expect(privacy).toContain(`\`${TOUCH_STORAGE_KEY}\``);
    expect(privacy).toContain(`\`${VISIT_SESSION_KEY}\``);
    expect(privacy).toContain(`after ${TOUCH_LIFETIME_DAYS} days`);
    for (const parameter of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "msclkid", "fbclid"]) expect(privacy).toContain(`\`${parameter}\``);
    expect(privacy).toContain("sent to us only with a form you choose to submit");
  });
});

import AxeBuilder from "@axe-core/playwright";
import { type Locator, type Page, request as playwrightRequest } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Waits until React has hydrated the element: hydration attaches the props object
 * that React's root listener reads, so events dispatched from now on reach handlers.
 * An island that hydrates when visible or on first touch is first scrolled into view
 * and hovered, which is what starts it.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  const hydrated = () => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps")));
  if (!(await hydrated())) {
    await locator.scrollIntoViewIfNeeded();
    if (await locator.evaluate((el) => el.closest('astro-island[client="interaction"]') !== null)) await locator.hover();
  }
  await expect.poll(hydrated, { message: "element was never hydrated by React" }).toBe(true);
}

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1]?.toLowerCase() === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isNaN(code) ? match : String.fromCodePoint(code);
    }
    return namedEntities[entity.toLowerCase()] ?? match;
  });
}

/** Text of an HTML fragment: comments and tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The inner HTML of every element with this tag name (non-nested tags only, e.g. h1). */
export function elementsByTag(html: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "gi");
  return [...html.matchAll(pattern)].map((match) => match[1] ?? "");
}

/** Every `href` of an `<a>` element, entity-decoded, in document order. */
export function anchorHrefs(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/gi)].map((match) => decodeEntities(match[1] ?? ""));
}

/** Every `id` attribute value in the document. */
export function elementIds(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/gi)].map((match) => decodeEntities(match[1] ?? "")));
}

/** A valid 1×1 PNG, enough for a browser to decode an image successfully. */
export const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Scrolls the window instantly (no smooth scrolling) to an absolute position. */
export async function scrollWindowTo(page: Page, top: number): Promise<void> {
  await page.evaluate((y) => window.scrollTo({ top: y, left: 0, behavior: "instant" }), top);
}

/** The `href` attributes of the given links, in order. */
export async function hrefsOf(links: Locator): Promise<string[]> {
  return links.evaluateAll((elements) => elements.map((el) => el.getAttribute("href") ?? ""));
}

/** The §9 headline statistics of the home flip cards, keyed by service slug. */
export const SERVICE_STATISTICS: Record<string, { value: string; label: string }> = {
  "managed-internet": { value: "99.9%", label: "Uptime" },
  "sd-wan": { value: "65%", label: "Cost Savings" },
  "voip-phone-systems": { value: "40+", label: "Businesses Connected" },
  "security-cameras": { value: "5000+", label: "Cameras Installed" },
  "network-cabling": { value: "200+", label: "Miles of Cable Run" },
  "it-support": { value: "15min", label: "Avg Response Time" },
  "web-design": { value: "100+", label: "Sites Launched" },
  "temporary-event-internet": { value: "350+", label: "Events Connected" },
  starlink: { value: "100%", label: "Satisfaction" },
};

/** The nine services of the grid: the eight of §3 plus the Starlink service linked from other pages. */
export const SERVICE_SLUGS = Object.keys(SERVICE_STATISTICS);

/** The back-office login of the e2e server (playwright.config.ts sets it). */
export const E2E_ADMIN = { username: "admin", password: process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password-123" } as const;

/**
 * The expanded state the browser exposes to assistive technology for an element, read from
 * Chromium's accessibility tree: a popover's `popovertarget` button carries no aria-expanded
 * (HTML forbids it) because the browser derives the state from the popover itself.
 */
export async function accessibleExpanded(locator: Locator): Promise<boolean | undefined> {
  const page = locator.page();
  const marker = `ax-${Math.random().toString(36).slice(2)}`;
  await locator.evaluate((element, value) => element.setAttribute("data-ax-probe", value), marker);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: `[data-ax-probe="${marker}"]` });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const expanded = nodes[0]?.properties?.find((property) => property.name === "expanded")?.value.value;
    return typeof expanded === "boolean" ? expanded : undefined;
  } finally {
    await cdp.detach();
    await locator.evaluate((element) => element.removeAttribute("data-ax-probe"));
  }
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * No WCAG 2.2 A/AA violation on the page as it settles; the message lists the first nodes of
 * each. It waits for finite animations first (a toast fading in is checked at full opacity,
 * as a reader sees it, not at the frame axe happens to sample).
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations.map((violation) => `${violation.id}: ${violation.help}\n    ${violation.nodes.slice(0, 5).map((node) => node.target.join(" ")).join("\n    ")}`).join("\n");
  expect(violations.length, `${label}: axe violations\n${report}`).toBe(0);
}

/** The page fits its viewport: nothing makes it scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.scroll, `${label} scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
}

/**
 * The id of a just-posted survey or contact request, as the owner's inbox lists it: the public
 * 201 names no id (issue 27). Read through a signed-in context of its own, so the caller's
 * cookies stay as they were; `matches` picks the row (by a unique business name or name).
 */
export async function listedSubmissionId<Row extends { id: number }>(baseUrl: string, kind: "surveys" | "contacts", matches: (row: Row) => boolean): Promise<number> {
  const owner = await playwrightRequest.newContext({ baseURL: baseUrl });
  try {
    expect((await owner.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
    const rows = (await (await owner.get(`/api/admin/${kind}`)).json()) as Row[];
    const found = rows.filter(matches);
    expect(found, `one listed ${kind} row`).toHaveLength(1);
    return found[0]!.id;
  } finally {
    await owner.dispose();
  }
}

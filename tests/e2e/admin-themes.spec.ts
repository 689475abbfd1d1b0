import { type Page, request as playwrightRequest } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { randomPhone, validContact, validSurvey } from "../support/api-request";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations } from "./helpers";

/**
 * The back office on the owner's phone (issue 29, "A layout for a thumb"): every screen is
 * readable in the system's dark theme and in the light one (axe finds nothing in either,
 * and dark really is dark), while the public site stays light; and every control of every
 * screen is a thumb's size, 44 × 44 px or more, at 375 px wide.
 *
 * The suite's server and database are shared with the other specs, so the data these
 * screens show is made here under unique names, and only its own rows are waited for.
 */

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Text that is on the screen once its data has arrived (besides the h1). */
  ready?: string;
}

const tag = randomUUID().slice(0, 8);
const contact = {
  ...validContact,
  name: `Robin Thumbwidth ${tag}`,
  email: `robin-${tag}@example.com`,
  phone: randomPhone(),
};
const survey = { ...validSurvey, businessName: `Night Owl Bakery ${tag}`, email: `owl-${tag}@example.com` };
let leadId = 0;

const screens = (): Screen[] => [
  { name: "Today", path: "/admin", signedIn: true },
  { name: "Leads", path: "/admin/leads", signedIn: true, ready: contact.name },
  { name: "Board", path: "/admin/leads?view=board", signedIn: true },
  { name: "Lead card", path: `/admin/leads/${leadId}`, signedIn: true, ready: contact.name },
  { name: "Agenda", path: "/admin/agenda", signedIn: true },
  { name: "Surveys", path: "/admin/surveys", signedIn: true, ready: survey.businessName },
  { name: "Contacts", path: "/admin/contacts", signedIn: true, ready: contact.name },
  { name: "Reports", path: "/admin/reports", signedIn: true },
  { name: "Account", path: "/admin/account", signedIn: true },
  { name: "Templates", path: "/admin/templates", signedIn: true },
  { name: "Availability", path: "/admin/availability", signedIn: true },
  { name: "Quote settings", path: "/admin/quote-settings", signedIn: true },
  { name: "Login", path: "/admin/login", signedIn: false },
  // Without the link's secret the setup screen says the link is not valid: its frame and colours are the same.
  { name: "Setup", path: "/admin/setup", signedIn: false },
];
const screenNames = ["Today", "Leads", "Board", "Lead card", "Agenda", "Surveys", "Contacts", "Reports", "Account", "Templates", "Availability", "Quote settings", "Login", "Setup"];
const screenNamed = (name: string): Screen => screens().find((screen) => screen.name === name)!;

test.beforeAll(async ({}, testInfo) => {
  const owner = await playwrightRequest.newContext({ baseURL: String(testInfo.project.use.baseURL) });
  try {
    const posted = await owner.post("/api/contact", { data: contact });
    expect(posted.status(), await posted.text()).toBe(201);
    const surveyed = await owner.post("/api/survey", { data: survey });
    expect(surveyed.status(), await surveyed.text()).toBe(201);
    expect((await owner.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
    const { items } = (await (await owner.get(`/api/admin/leads?q=${encodeURIComponent(contact.email)}`)).json()) as { items: { id: number }[] };
    expect(items).toHaveLength(1);
    leadId = items[0]!.id;
    // A follow-up due an hour ago puts the lead under Today's follow-ups, with its Done and Snooze buttons.
    const due = new Date(Date.now() - 3_600_000).toISOString();
    const patched = await owner.patch(`/api/admin/leads/${leadId}`, { data: { status: "contacted", nextFollowUpAt: due, nextFollowUpType: "call" } });
    expect(patched.status(), await patched.text()).toBe(200);
  } finally {
    await owner.dispose();
  }
});

async function logIn(page: Page): Promise<void> {
  const response = await page.request.post("/api/admin/login", { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
}

/** Opens the screen and waits until its data is on it: the h1, no "Loading…" left, and its own row where it has one. */
async function openScreen(page: Page, screen: Screen): Promise<void> {
  const response = await page.goto(screen.path);
  expect(response?.status(), screen.path).toBe(200);
  expect(new URL(page.url()).pathname, `${screen.name} was not redirected`).toBe(new URL(screen.path, page.url()).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  if (screen.ready) await expect(page.getByText(screen.ready).first()).toBeVisible();
}

/**
 * The relative luminance (WCAG) of the backgrounds the screen sits on: the body's and the
 * main area's. The browser itself turns the computed colour (oklch, hex …) into sRGB, by
 * painting it on a canvas.
 */
async function backgroundLuminance(page: Page): Promise<{ body: number; main: number }> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    const luminance = (element: Element) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = getComputedStyle(element).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...context.getImageData(0, 0, 1, 1).data].slice(0, 3).map((byte) => {
        const channel = byte / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return { body: luminance(document.body), main: luminance(document.querySelector("main")!) };
  });
}

/** The screen's theme: native controls follow it, its backgrounds are dark or light, and axe finds nothing. */
async function expectTheme(page: Page, name: string, colorScheme: "dark" | "light"): Promise<void> {
  await page.emulateMedia({ colorScheme });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), "native controls follow the theme").toBe("light dark");
  // Axe first: it waits for the switch's colour transitions to end.
  await expectNoAxeViolations(page, `${name} (${colorScheme})`);
  const { body, main } = await backgroundLuminance(page);
  console.log(`[themes] ${name} ${colorScheme}: body luminance ${body.toFixed(3)}, main ${main.toFixed(3)}`);
  if (colorScheme === "dark") {
    expect(body, `${name}: the body is dark`).toBeLessThan(0.05);
    expect(main, `${name}: the main area is dark`).toBeLessThan(0.05);
  } else {
    expect(body, `${name}: the body is light`).toBeGreaterThan(0.85);
    expect(main, `${name}: the main area is light`).toBeGreaterThan(0.85);
  }
}

test.describe("every screen of the back office: both themes, and a thumb's targets at 375 px", () => {
  // Axe twice over a long list takes a while on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  // One test per screen, in a fresh context each, so no service worker or cache carries over
  // from another screen: the system's theme switches under the open screen (the themes are
  // CSS only, global.css), then the window narrows to a phone's.
  for (const name of screenNames) {
    test(`${name}: no axe violation in the dark or the light theme, and every control is 44 × 44 px or more at 375 px`, async ({ page }) => {
      const screen = screenNamed(name);
      if (screen.signedIn) await logIn(page);
      await page.emulateMedia({ colorScheme: "dark" });
      await openScreen(page, screen);
      await expectTheme(page, name, "dark");
      await expectTheme(page, name, "light");

      await page.setViewportSize({ width: 375, height: 812 });
      await expect.poll(() => page.evaluate(() => document.documentElement.clientWidth)).toBe(375);
      expectThumbSized(await tapTargets(page), name);
      if (screen.signedIn) {
        // The tab bar's More panel: the screens that are not tabs, and Log out.
        const more = page.getByTestId("tab-bar").getByRole("button", { name: "More" });
        await more.click();
        await expect(more).toHaveAttribute("aria-expanded", "true");
        expectThumbSized(await tapTargets(page), `${name} with More open`);
      }
    });
  }
});

test.describe("the back office's menus and dialogs in the dark theme", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the status menu, its toast and the Lost dialog pass axe in the dark", async ({ page }) => {
    await logIn(page);
    await page.emulateMedia({ colorScheme: "dark" });
    // A lead of its own, since this test moves it.
    const own = { ...contact, name: `Sam Darkroom ${randomUUID().slice(0, 8)}`, email: `sam-${randomUUID().slice(0, 8)}@example.com` };
    expect((await page.request.post("/api/contact", { data: own })).status()).toBe(201);
    const { items } = (await (await page.request.get(`/api/admin/leads?q=${encodeURIComponent(own.email)}`)).json()) as { items: { id: number }[] };
    await openScreen(page, { name: "Own lead", path: `/admin/leads/${items[0]!.id}`, signedIn: true, ready: own.name });

    const statusMenu = page.getByRole("button", { name: new RegExp(`: ${own.name}, now `) }).first();
    await statusMenu.click();
    await expect(page.getByRole("menuitem").first()).toBeVisible();
    await expectNoAxeViolations(page, "the lead's status menu (dark)");
    await page.getByRole("menuitem", { name: "Quoted" }).click();
    await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
    await expectNoAxeViolations(page, "the Moved toast with Undo (dark)");

    await statusMenu.click();
    await page.getByRole("menuitem", { name: "Lost" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "the Lost reason dialog (dark)");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the Add lead dialog passes axe in the dark, with its errors too", async ({ page }) => {
    await logIn(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await openScreen(page, screenNamed("Leads"));
    await page.getByRole("button", { name: "Add lead" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, "the Add lead dialog (dark)");
    // Sent empty, it shows the fields' errors in the dialog's red.
    await dialog.getByRole("button", { name: "Add lead" }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoAxeViolations(page, "the Add lead dialog with errors (dark)");
  });

  test("the public site stays light when the system is dark", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    const { body } = await page.evaluate(() => ({ body: getComputedStyle(document.body).backgroundColor }));
    expect(body).toBe("rgb(255, 255, 255)");
    expect(await page.evaluate(() => document.documentElement.classList.contains("desk-theme"))).toBe(false);
  });
});

/** What the tap-target check reports for one control. */
interface Target {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible control on the page with its size. A checkbox or radio inside a label is
 * measured by its label, which is what the thumb taps; a link inside a sentence (a <p>'s
 * inline link) is left out, as WCAG 2.5.8 does for inline targets.
 */
async function tapTargets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"], [role="menuitemradio"], [role="option"], label:has(input[type="checkbox"], input[type="radio"])';
    const targets: { what: string; width: number; height: number }[] = [];
    // Under a modal dialog the page behind is out of reach: only the dialog's controls count.
    const scope = document.querySelector('[role="dialog"][data-state="open"]') ?? document;
    for (const element of scope.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // Screen-reader-only text (the skip link before it is focused) is clipped to 1 px.
      if (box.width <= 1 || box.height <= 1) continue;
      const isToggle = element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");
      if (isToggle && element.closest("label")) continue;
      if (element.tagName === "A" && getComputedStyle(element).display === "inline" && element.closest("p")) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
      const kind = element.tagName.toLowerCase() + (element instanceof HTMLInputElement ? `[${element.type}]` : "");
      targets.push({ what: `${kind} "${name}"`, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 });
    }
    return targets;
  });
}

function expectThumbSized(targets: Target[], label: string): void {
  expect(targets.length, `${label}: controls found`).toBeGreaterThan(0);
  const smallest = targets.reduce((least, target) => (Math.min(target.width, target.height) < Math.min(least.width, least.height) ? target : least));
  console.log(`[tap 375] ${label}: ${targets.length} controls, smallest ${smallest.width}×${smallest.height} px (${smallest.what})`);
  const small = targets.filter((target) => target.width < 44 || target.height < 44).map((target) => `${target.what}: ${target.width}×${target.height}`);
  expect(small, `${label}: controls under 44 × 44 px`).toEqual([]);
}

test.describe("tap targets at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 120_000 });

  test("the status menu, the Snooze menu and the Add lead dialog: every control is 44 × 44 px or more", async ({ page }) => {
    await logIn(page);
    await openScreen(page, screenNamed("Lead card"));
    await page.getByRole("button", { name: new RegExp(`: ${contact.name}, now `) }).first().click();
    await expect(page.getByRole("menuitem").first()).toBeVisible();
    expectThumbSized(await tapTargets(page), "Lead card with the status menu open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);

    await openScreen(page, screenNamed("Today"));
    await page.getByRole("button", { name: `Snooze the follow-up with ${contact.name}` }).click();
    await expect(page.getByRole("menuitem").first()).toBeVisible();
    expectThumbSized(await tapTargets(page), "Today with a follow-up's Snooze menu open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);

    await openScreen(page, screenNamed("Leads"));
    await page.getByRole("button", { name: "Add lead" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expectThumbSized(await tapTargets(page), "the Add lead dialog");
  });
});

import type { BrowserContext, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type { Touch } from "../../src/lib/attribution/touch";
import { randomPhone, validContact } from "../support/api-request";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { expect, test, waitForLoadIslands } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations, expectNoHorizontalScroll, waitForHydration } from "./helpers";

/**
 * Attribution in a real browser against the production build (docs/attribution.md): a
 * campaign visit is kept in the browser across pages and sent with the contact form, a
 * later campaign visit replaces only the last touch, the no-script post keeps the form
 * page's query and referrer, the back office records nothing, and the desk shows and
 * filters by where a lead came from. Each worker runs its own server on a fresh database.
 */

const STORAGE_KEY = "sr_attribution";
let server: RunningServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  server = await startDeskServer("attribution", testInfo, E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (target: string) => `${server.url}${target}`;

type LeadTouches = { id: number; firstTouch: Touch | null; lastTouch: Touch | null; submissions: { touch: Touch | null }[] };

async function logIn(context: BrowserContext): Promise<void> {
  expect((await context.request.post(at("/api/admin/login"), { data: E2E_ADMIN })).status()).toBe(200);
}

/** The lead with this e-mail address, read through the desk API. */
async function leadByEmail(context: BrowserContext, email: string): Promise<LeadTouches> {
  const list = await context.request.get(at(`/api/admin/leads?q=${encodeURIComponent(email)}`));
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: { id: number; email: string }[] };
  const item = items.find((lead) => lead.email === email);
  expect(item, `a lead for ${email}`).toBeDefined();
  return (await (await context.request.get(at(`/api/admin/leads/${item!.id}`))).json()) as LeadTouches;
}

/** A person of their own, so leads of different tests never join. */
function person() {
  const tag = randomUUID().slice(0, 8);
  return { name: `Casey Trent ${tag}`, email: `casey-${tag}@example.com`, phone: randomPhone(), tag };
}

async function fillContactForm(page: Page, who: ReturnType<typeof person>, message: string): Promise<void> {
  await page.getByLabel("Your Name").fill(who.name);
  await page.getByLabel("Email Address").fill(who.email);
  await page.getByLabel("Phone Number").fill(who.phone);
  await page.getByLabel("Project Type").selectOption("voip-phone-systems");
  await page.getByLabel("Your Message").fill(message);
}

/** The contact form reached by a link (not the fixture's goto, which waits for it): it posts through the API once hydrated. */
async function waitForContactForm(page: Page): Promise<void> {
  await waitForHydration(page.getByRole("button", { name: "Send Message" }));
}

/** Sends the hydrated contact form and waits for the API's answer. */
async function sendContactForm(page: Page): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/contact") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Send Message" }).click();
  expect((await answered).status()).toBe(201);
}

const footerLink = (page: Page, name: string) => page.getByRole("contentinfo").getByRole("link", { name, exact: true });

test.describe("a visitor's touches, recorded by the browser", () => {
  test("a newsletter visit is kept across two pages and sent with the contact form; a later ad visit changes only the last touch", async ({ context, page }) => {
    // Two journeys of three pages and a form, on 2 shared cores.
    test.setTimeout(150_000);
    const who = person();
    const landing = "/?utm_source=newsletter&utm_medium=email&utm_campaign=fall-promo";
    await page.goto(at(landing));
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).not.toBeNull();

    // Two pages by their links, then the form.
    await footerLink(page, "About Us").click();
    await expect(page).toHaveURL(at("/about"));
    await footerLink(page, "Contact").click();
    await expect(page).toHaveURL(at("/contact"));
    await waitForContactForm(page);
    await fillContactForm(page, who, `Five phones for the new office, ref ${who.tag}.`);
    await sendContactForm(page);

    await logIn(context);
    const first = await leadByEmail(context, who.email);
    expect(first.firstTouch).toMatchObject({ source: "newsletter", medium: "email", campaign: "fall-promo", channel: "Email", referrer: null, landingPage: landing });
    expect(new URL(first.firstTouch!.landingPage!, server.url).pathname).toBe("/");
    expect(Date.now() - Date.parse(first.firstTouch!.at)).toBeLessThan(10 * 60_000);
    expect(first.lastTouch).toEqual(first.firstTouch);
    expect(first.submissions[0]!.touch).toEqual(first.firstTouch);

    // Days later, in a new tab (a new session, same browser storage): a Google ad with a gclid.
    const later = await context.newPage();
    const adLanding = "/greenville-voip?utm_campaign=voip-search&gclid=Cj0KCQiA-e2e_1";
    await later.goto(at(adLanding), { referer: "https://www.google.com/" });
    // A page of its own, not the fixture's: its goto does not wait for the site's script file, which
    // records the visit after the first paint; a visitor reading the page gives it that moment.
    await waitForLoadIslands(later);
    await footerLink(later, "Blog").click();
    await expect(later).toHaveURL(at("/blog"));
    await footerLink(later, "Contact").click();
    await expect(later).toHaveURL(at("/contact"));
    await waitForContactForm(later);
    await fillContactForm(later, who, `And two more phones for the warehouse, ref ${who.tag}.`);
    await sendContactForm(later);

    const lead = await leadByEmail(context, who.email);
    expect(lead.id).toBe(first.id);
    expect(lead.firstTouch).toEqual(first.firstTouch);
    expect(lead.lastTouch).toMatchObject({ channel: "Paid Search", campaign: "voip-search", clickId: "Cj0KCQiA-e2e_1", referrer: "www.google.com", landingPage: adLanding });
    expect(lead.submissions.map((submission) => submission.touch?.channel)).toEqual(["Paid Search", "Email"]);

    // A typed address afterwards is no new source: the last touch stays the ad.
    const direct = await context.newPage();
    await direct.goto(at("/"));
    await expect.poll(() => direct.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}").lastTouch?.campaign as string, STORAGE_KEY)).toBe("voip-search");
  });

  test("the survey sends the touches too: a link from Facebook is Organic Social", async ({ context, page }) => {
    const who = person();
    await page.goto(at("/services?fbclid=IwAR0survey"), { referer: "https://m.facebook.com/" });
    await footerLink(page, "Connectivity Survey").click();
    await expect(page).toHaveURL(at("/survey"));
    await waitForHydration(page.getByRole("button", { name: "Submit Survey" }));
    await page.getByLabel("Business Name").fill(`Blue Heron ${who.tag}`);
    await page.getByLabel("Email", { exact: true }).fill(who.email);
    await page.getByLabel("Phone Number").fill(who.phone);
    await page.getByLabel("Business Address").fill("12 Pine St, Greenville, SC 29601");
    await page.getByLabel("Number of Employees").fill("12");
    await page.getByLabel("Connected Devices").fill("40");
    await page.getByLabel("Phone Lines Needed").fill("6");
    await page.getByLabel("Primary Internet Use").fill("Imaging and cloud charts");
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/survey") && response.request().method() === "POST");
    await page.getByRole("button", { name: "Submit Survey" }).click();
    expect((await answered).status()).toBe(201);

    await logIn(context);
    const lead = await leadByEmail(context, who.email);
    expect(lead.firstTouch).toMatchObject({ channel: "Organic Social", referrer: "m.facebook.com", clickId: "IwAR0survey", landingPage: "/services?fbclid=IwAR0survey" });
    expect(lead.submissions[0]!.touch).toEqual(lead.lastTouch);
  });

  test("the back office records nothing", async ({ context, page }) => {
    await logIn(context);
    await page.goto(at("/admin/leads?utm_source=newsletter&utm_medium=email"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
    // A public page of the same browser does.
    await page.goto(at("/?utm_source=newsletter&utm_medium=email"));
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toContain("newsletter");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form's plain post keeps the form page's query and the site it was opened from", async ({ context, page }) => {
    const who = person();
    const formPage = "/contact?utm_source=facebook&utm_medium=paid&utm_campaign=spring-ads&fbclid=IwAR0e2e";
    await page.goto(at(formPage), { referer: "https://www.facebook.com/" });
    await fillContactForm(page, who, `Cameras for the shop, ref ${who.tag}.`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Message Sent");

    await logIn(context);
    const lead = await leadByEmail(context, who.email);
    expect(lead.firstTouch).toMatchObject({
      source: "facebook",
      medium: "paid",
      campaign: "spring-ads",
      clickId: "IwAR0e2e",
      referrer: "www.facebook.com",
      landingPage: formPage,
      channel: "Paid Social",
    });
    expect(lead.lastTouch).toEqual(lead.firstTouch);
    expect(lead.submissions[0]!.touch).toEqual(lead.firstTouch);
  });
});

for (const width of [375, 1280]) {
  test.describe(`where leads come from, in the desk at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Two axe runs and a dozen navigations, on 2 shared cores.
    test.describe.configure({ timeout: 150_000 });

    test("the lead page shows the first and latest visit, and the list filters by channel and campaign", async ({ context, page }) => {
      await logIn(context);
      const who = person();
      const campaign = `fall-promo-${who.tag}`;
      const visitAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
      const newsletter = { source: "newsletter", medium: "email", campaign, landingPage: `/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`, at: visitAt };
      const search = { referrer: "www.bing.com", landingPage: "/services/managed-internet-and-failover", at: new Date().toISOString() };
      const contact = { ...validContact, name: who.name, email: who.email, phone: who.phone, firstTouch: newsletter, lastTouch: search };
      expect((await context.request.post(at("/api/contact"), { data: contact })).status()).toBe(201);
      const lead = await leadByEmail(context, who.email);

      await page.goto(at(`/admin/leads/${lead.id}`));
      const origin = page.getByRole("region", { name: "Where from" });
      await expect(origin).toBeVisible();
      const first = origin.getByTestId("first-touch");
      await expect(first).toContainText("Email");
      await expect(first).toContainText("newsletter / email");
      await expect(first).toContainText(campaign);
      await expect(first).toContainText(newsletter.landingPage);
      const latest = origin.getByTestId("last-touch");
      await expect(latest).toContainText("Organic Search");
      await expect(latest).toContainText("www.bing.com");
      await expect(latest).toContainText("/services/managed-internet-and-failover");
      await expectNoHorizontalScroll(page, "lead page");
      await expectNoAxeViolations(page, "lead page");

      // The list: the channel applies as it is chosen, the campaign with Enter; both stay in the address.
      await page.goto(at("/admin/leads"));
      // Below 640 px the filters fold behind "Filters (N)".
      if (width < 640) {
        const filters = page.getByRole("button", { name: /^Filters \(\d+\)$/ });
        await waitForHydration(filters);
        await filters.click();
      }
      await page.getByLabel("Channel").selectOption("Organic Search");
      await expect(page).toHaveURL(/[?&]channel=Organic\+Search/);
      await expect(page.getByTestId("lead-row").filter({ hasText: who.name })).toBeVisible();
      await page.getByLabel("Channel").selectOption("Paid Social");
      await expect(page).toHaveURL(/[?&]channel=Paid\+Social/);
      await expect(page.getByTestId("lead-row").filter({ hasText: who.name })).toHaveCount(0);
      await page.getByLabel("Channel").selectOption("");
      await page.getByLabel("Campaign").fill(campaign.toUpperCase());
      await page.getByLabel("Campaign").press("Enter");
      await expect(page).toHaveURL(new RegExp(`[?&]campaign=${campaign.toUpperCase()}`));
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
      await expect(page.getByTestId("lead-row").filter({ hasText: who.name })).toBeVisible();
      await expectNoHorizontalScroll(page, "filtered list");
      await expectNoAxeViolations(page, "filtered list");

      // Opened from the address, the filters show what the list shows.
      await page.goto(at(`/admin/leads?channel=Email&campaign=${campaign}`));
      await expect(page.getByLabel("Channel")).toHaveValue("Email");
      await expect(page.getByLabel("Campaign")).toHaveValue(campaign);
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
    });
  });
}

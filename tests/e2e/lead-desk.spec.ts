import type { Page } from "@playwright/test";
import { randomInt, randomUUID } from "node:crypto";
import { businessDate } from "@/server/business-time";
import { randomPhone, validContact, validSurvey } from "../support/api-request";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations, expectNoHorizontalScroll, waitForHydration } from "./helpers";

/**
 * The lead desk in the browser (issue 22): Today with its follow-ups due, the list with its
 * address-held filters and pages, one lead per person, the board's keyboard menu, and the
 * lead page phone first (contact links, two-tap call log, follow-ups, notes, lost reason,
 * spam). Each worker runs its own server on a fresh database, so Today's lists hold only
 * this file's leads; every lead gets its own e-mail and phone, so none joins another.
 */

let server: RunningServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  server = await startDeskServer("desk", testInfo, E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (target: string) => `${server.url}${target}`;

type Lead = { id: number; name: string; email: string; phone: string };

/** A new person writes through the public contact API; returns their lead. */
async function newContactLead(page: Page, overrides: Partial<typeof validContact> = {}): Promise<Lead> {
  const tag = randomUUID().slice(0, 8);
  const contact = {
    ...validContact,
    name: `Dana Whitfield ${tag}`,
    email: `dana-${tag}@example.com`,
    phone: randomPhone(),
    message: `We need failover internet for two offices, ref ${tag}.`,
    ...overrides,
  };
  const response = await page.request.post(at("/api/contact"), { data: contact });
  expect(response.status(), await response.text()).toBe(201);
  return { id: await leadIdOf(page, contact.name), name: contact.name, email: contact.email, phone: contact.phone };
}

/** The day before a YYYY-MM-DD date. */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD of `date` in this machine's time zone, the browser's too (a date input's value). */
function localDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

async function leadIdOf(page: Page, name: string): Promise<number> {
  const response = await page.request.get(at(`/api/admin/leads?q=${encodeURIComponent(name)}`));
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: number; name: string }[] };
  const lead = items.find((item) => item.name === name);
  expect(lead, `lead ${name}`).toBeDefined();
  return lead!.id;
}

/** Below 640 px the list's filters fold behind "Filters (N)": open them (a no-op on a wider screen). */
async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole("button", { name: /^Filters \(\d+\)$/ });
  if (!(await toggle.isVisible())) return;
  await waitForHydration(toggle);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

async function logIn(page: Page): Promise<void> {
  const response = await page.request.post(at("/api/admin/login"), { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
}

for (const width of [375, 1280]) {
  test.describe(`the lead desk at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Several axe runs per test on 2 shared cores.
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(async ({ page }) => logIn(page));

    test("Today lists the lead nobody has contacted with how long it has waited, and the nav counts it", async ({ page }) => {
      const lead = await newContactLead(page);
      await page.goto(at("/admin"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
      const waiting = page.getByRole("region", { name: /Waiting for a first contact/ });
      const row = waiting.getByTestId("today-lead").filter({ hasText: lead.name });
      await expect(row).toContainText(/waiting (under 1 min|\d+ min)/);
      await expect(row.getByRole("link", { name: `Call ${lead.name}` })).toHaveAttribute("href", /^tel:\d{10}$/);
      await expect(page.getByTestId("speed-to-lead")).toContainText("Speed to lead, last 30 days");
      await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Leads\s*,\s*\d+ new$/ })).toBeVisible();
      await expectNoHorizontalScroll(page, "Today");
      await expectNoAxeViolations(page, "Today");

      // A logged call answers the lead: it leaves the waiting list, and the median counts it.
      expect((await page.request.post(at(`/api/admin/leads/${lead.id}/calls`), { data: { outcome: "reached" } })).status()).toBe(201);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
      await expect(page.getByTestId("speed-to-lead")).toContainText(/Median (under 1 min|\d+ min) over \d+ lead/);
      await expect(waiting.getByTestId("today-lead").filter({ hasText: lead.name })).toHaveCount(0);
    });

    test("the list searches and filters through the address, and Back shows the list before", async ({ page }) => {
      const lead = await newContactLead(page);
      const survey = { ...validSurvey, businessName: `Blue Heron ${randomUUID().slice(0, 8)}`, email: `office-${randomUUID().slice(0, 8)}@example.com`, phoneNumber: `864${randomInt(1000000, 9999999)}` };
      expect((await page.request.post(at("/api/survey"), { data: survey })).status()).toBe(201);

      await page.goto(at("/admin/leads"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");
      await expect(page.getByTestId("lead-row").filter({ hasText: lead.name })).toBeVisible();
      await expectNoHorizontalScroll(page, "list");
      await expectNoAxeViolations(page, "list");

      const search = page.getByRole("searchbox", { name: "Search leads" });
      await waitForHydration(search);
      await search.fill(lead.name.split(" ").at(-1)!);
      await search.press("Enter");
      await expect(page).toHaveURL(/\/admin\/leads\?q=/);
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
      await expect(page.getByTestId("lead-row")).toContainText(lead.name);

      await openFilters(page);
      await page.getByLabel("Kind").selectOption("survey");
      await expect(page).toHaveURL(/kind=survey/);
      await expect(page.getByText("No leads match.")).toBeVisible();

      await page.goBack();
      await expect(page).not.toHaveURL(/kind=survey/);
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
      await expect(page.getByLabel("Kind")).toHaveValue("");
      await expect(search).toHaveValue(lead.name.split(" ").at(-1)!);

      // A bookmark of a filtered list opens on it.
      await page.goto(at("/admin/leads?kind=survey&sort=name"));
      await expect(page.getByTestId("lead-row").filter({ hasText: survey.businessName })).toBeVisible();
      await expect(page.getByTestId("lead-row").filter({ hasText: lead.name })).toHaveCount(0);
      await expect(page.getByLabel("Sort")).toHaveValue("name");
    });

    test("a contact request and a survey from one e-mail address are one lead, listed once with both submissions", async ({ page }) => {
      const lead = await newContactLead(page);
      const tag = lead.name.split(" ").at(-1)!;
      // The same address in other letter case, and another phone: the e-mail joins them.
      const survey = { ...validSurvey, businessName: `Whitfield Farms ${tag}`, email: lead.email.toUpperCase(), phoneNumber: `864${randomInt(2_000_000, 9_999_999)}` };
      expect((await page.request.post(at("/api/survey"), { data: survey })).status()).toBe(201);

      // The search finds the person by their contact request and by their survey's business: one row.
      await page.goto(at(`/admin/leads?q=${tag}`));
      const row = page.getByTestId("lead-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(lead.name);
      await expect(row).toContainText(survey.businessName);
      await expect(row).toContainText("2 submissions (contact request, survey)");

      await row.getByRole("link", { name: lead.name }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lead.name);
      const submissions = page.getByRole("region", { name: "Submissions (2)" }).locator("summary");
      await expect(submissions).toHaveCount(2);
      await expect(submissions.filter({ hasText: "Contact request" })).toHaveCount(1);
      await expect(submissions.filter({ hasText: "Survey" })).toHaveCount(1);
      await expect(page.getByTestId("timeline-entry").filter({ hasText: /received/ })).toHaveCount(2);
    });

    test("the list filters by service and date, and pages through the server's pages", async ({ page }) => {
      // Days are the business's (America/New_York); taken before the leads arrive, so they all fall on or after it.
      const today = businessDate(Date.now());
      const batch = randomUUID().slice(0, 8);
      const person = (name: string, projectType: string) => ({
        ...validContact,
        name,
        email: `${name.toLowerCase().replaceAll(" ", "-")}@example.com`,
        phone: `864${randomInt(2_000_000, 9_999_999)}`,
        projectType,
        message: `Quote for the new wing, batch ${batch}.`,
      });
      // One more than a page (25) asks for cabling, one other person for cameras.
      const people = [
        ...Array.from({ length: 26 }, (_, index) => person(`Cabling ${batch} ${index + 1}`, "network-cabling")),
        person(`Cameras ${batch}`, "security-cameras"),
      ];
      for (const response of await Promise.all(people.map((data) => page.request.post(at("/api/contact"), { data })))) {
        expect(response.status(), await response.text()).toBe(201);
      }

      await page.goto(at(`/admin/leads?q=${batch}`));
      await expect(page.getByText("1–25 of 27 leads")).toBeVisible();
      await openFilters(page);
      const service = page.getByLabel("Service");
      await waitForHydration(service);
      await service.selectOption("security-cameras");
      await expect(page).toHaveURL(/service=security-cameras/);
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
      await expect(page.getByTestId("lead-row")).toContainText(`Cameras ${batch}`);

      await service.selectOption("network-cabling");
      await expect(page.getByText("1–25 of 26 leads")).toBeVisible();
      await expect(page.getByTestId("lead-row")).toHaveCount(25);
      const pages = page.getByRole("navigation", { name: "Pages" });
      await expect(pages).toContainText("Page 1 of 2");
      await pages.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText("26–26 of 26 leads")).toBeVisible();
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
      await expect(page.getByTestId("lead-row")).toContainText(`Cabling ${batch}`);
      await expect(pages).toContainText("Page 2 of 2");
      await expectNoAxeViolations(page, "list, second page");
      await pages.getByRole("link", { name: "Previous" }).click();
      await expect(page).not.toHaveURL(/page=/);
      await expect(page.getByText("1–25 of 26 leads")).toBeVisible();

      // A date filter starts again at page 1.
      await page.getByLabel("From").fill(today);
      await expect(page).toHaveURL(new RegExp(`from=${today}`));
      await expect(page.getByText("1–25 of 26 leads")).toBeVisible();
      await page.getByLabel("To").fill(dayBefore(today));
      await expect(page).toHaveURL(new RegExp(`to=${dayBefore(today)}`));
      await expect(page.getByText("No leads match.")).toBeVisible();
      await expect(page.getByTestId("lead-row")).toHaveCount(0);
      await expectNoHorizontalScroll(page, "list, no match");
      await expectNoAxeViolations(page, "list, no match");
    });

    test("on the board a lead moves to another column through its menu, from the keyboard", async ({ page }) => {
      const lead = await newContactLead(page);
      await page.goto(at(`/admin/leads?view=board&q=${encodeURIComponent(lead.name)}`));
      const newColumn = page.getByTestId("board-column-new");
      const move = newColumn.getByRole("button", { name: `Move: ${lead.name}, now New` });
      await expect(move).toBeVisible();
      await expectNoHorizontalScroll(page, "board");
      await expectNoAxeViolations(page, "board");

      await waitForHydration(move);
      await move.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await expect(menu).toBeVisible();
      await expectNoAxeViolations(page, "board with the menu open");
      // Opened from the keyboard, the menu focuses its first choice (New is the current one, disabled).
      await expect(menu.getByRole("menuitem", { name: "Contacted" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name: "Quoted" })).toBeFocused();
      await page.keyboard.press("Enter");

      await expect(page.getByTestId("board-column-quoted").getByTestId("board-card").filter({ hasText: lead.name })).toBeVisible();
      await expect(newColumn.getByTestId("board-card").filter({ hasText: lead.name })).toHaveCount(0);
      await expectNoAxeViolations(page, "board after a move");
      const stored = await (await page.request.get(at(`/api/admin/leads/${lead.id}`))).json();
      expect(stored.status).toBe("quoted");
    });

    test("the lead opens on a card with Call, Text and E-mail, and a call is logged in two taps with the next follow-up", async ({ page }) => {
      // A number of its own per width: with one worker both widths share a server, and one number would join the two leads.
      const line = width === 375 ? "0375" : "1280";
      const lead = await newContactLead(page, { phone: `+1 (864) 555-${line}` });
      await page.goto(at(`/admin/leads/${lead.id}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lead.name);
      await expect(page.getByRole("link", { name: "Call", exact: true })).toHaveAttribute("href", `tel:+1864555${line}`);
      await expect(page.getByRole("link", { name: "Text", exact: true })).toHaveAttribute("href", `sms:+1864555${line}`);
      await expect(page.getByRole("link", { name: "E-mail", exact: true })).toHaveAttribute("href", `mailto:${lead.email}`);
      await expect(page.getByTestId("lead-speed")).toContainText("Not contacted yet");
      // The card's buttons are on the first screen of a phone.
      const callBox = await page.getByRole("link", { name: "Call", exact: true }).boundingBox();
      expect(callBox!.y + callBox!.height).toBeLessThanOrEqual(900);
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Opened" })).toHaveCount(1);
      await expectNoHorizontalScroll(page, "lead");
      await expectNoAxeViolations(page, "lead");

      const reached = page.getByRole("group", { name: "How did the call go?" }).getByRole("button", { name: "Reached" });
      await waitForHydration(reached);
      await reached.click();
      await expectNoAxeViolations(page, "lead, second step of the call");
      await page.getByRole("button", { name: "In 3 days" }).click();

      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Call: Reached" })).toHaveCount(1);
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Follow-up set for" })).toHaveCount(1);
      await expect(page.getByTestId("lead-speed")).toContainText(/Answered in/);
      const stored = await (await page.request.get(at(`/api/admin/leads/${lead.id}`))).json();
      const due = new Date(stored.nextFollowUpAt);
      const days = (due.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(1.5);
      expect(days).toBeLessThan(3.5);
      await expect(page.getByTestId("next-follow-up").locator("time")).toHaveAttribute("dateTime", stored.nextFollowUpAt);
    });

    test("a voicemail is logged with a follow-up on a picked date; overdue, it is on Today and in the nav's count, and Done takes it off", async ({ page }) => {
      const lead = await newContactLead(page);
      await page.goto(at(`/admin/leads/${lead.id}`));
      const voicemail = page.getByRole("group", { name: "How did the call go?" }).getByRole("button", { name: "Voicemail" });
      await waitForHydration(voicemail);
      await voicemail.click();
      const inTwoWeeks = new Date();
      inTwoWeeks.setDate(inTwoWeeks.getDate() + 14);
      await page.getByLabel("Or on a date").fill(localDate(inTwoWeeks));
      const logged = page.waitForResponse((response) => response.url().endsWith(`/api/admin/leads/${lead.id}/calls`) && response.request().method() === "POST");
      await page.getByRole("button", { name: "Set date" }).click();
      expect((await logged).status()).toBe(201);

      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Call: Voicemail" })).toHaveCount(1);
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Follow-up set for" })).toHaveCount(1);
      // Due at 9:00 that morning, the owner's time.
      inTwoWeeks.setHours(9, 0, 0, 0);
      await expect(page.getByTestId("next-follow-up").locator("time")).toHaveAttribute("dateTime", inTwoWeeks.toISOString());
      await expectNoAxeViolations(page, "lead after a logged call");

      const overdueSince = new Date(Date.now() - 2 * 3_600_000).toISOString();
      const moved = await page.request.patch(at(`/api/admin/leads/${lead.id}`), { data: { nextFollowUpAt: overdueSince } });
      expect(moved.status(), await moved.text()).toBe(200);
      await page.goto(at("/admin"));
      const due = page.getByRole("region", { name: /Follow-ups due/ }).getByTestId("today-lead").filter({ hasText: lead.name });
      await expect(due).toContainText("overdue since");
      await expect(due.locator("time")).toHaveAttribute("dateTime", overdueSince);
      await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Today\s*,\s*\d+ due$/ })).toBeVisible();
      await expectNoHorizontalScroll(page, "Today with a follow-up due");
      await expectNoAxeViolations(page, "Today with a follow-up due");

      await due.getByRole("link", { name: lead.name, exact: true }).click();
      const followUp = page.getByRole("region", { name: "Next follow-up" });
      const done = followUp.getByRole("button", { name: "Done", exact: true });
      await waitForHydration(done);
      await done.click();
      await expect(followUp.getByTestId("next-follow-up")).toHaveText("None set.");
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Follow-up done (was due" })).toHaveCount(1);
      const today = (await (await page.request.get(at("/api/admin/today"))).json()) as { groups: { "follow-ups": { items: { id: number }[] } } };
      expect(today.groups["follow-ups"].items.map((item) => item.id)).not.toContain(lead.id);
    });

    test("notes are added, edited and deleted on the timeline", async ({ page }) => {
      const lead = await newContactLead(page);
      await page.goto(at(`/admin/leads/${lead.id}`));
      const form = page.getByRole("form", { name: "Add a note" });
      const addButton = form.getByRole("button", { name: "Add note" });
      await waitForHydration(addButton);
      await addButton.click();
      await expect(form.getByText("Write the note.")).toBeVisible();
      await form.getByLabel("Add a note").fill("Wants a quote for two offices <b>soon</b>");
      await addButton.click();
      const note = page.getByTestId("timeline-entry").filter({ hasText: "Wants a quote for two offices <b>soon</b>" });
      await expect(note).toHaveCount(1);
      await expect(form.getByLabel("Add a note")).toHaveValue("");

      await note.getByRole("button", { name: /^Edit the note/ }).click();
      const editor = page.getByRole("form", { name: "Edit the note" });
      await expect(editor).toBeVisible();
      await expectNoAxeViolations(page, "note editor open");
      await editor.getByLabel("Edit the note").fill("Quote sent for two offices");
      await editor.getByRole("button", { name: "Save note" }).click();
      const edited = page.getByTestId("timeline-entry").filter({ hasText: "Quote sent for two offices" });
      await expect(edited).toContainText("Note (edited)");
      await expectNoAxeViolations(page, "lead with a note");

      page.once("dialog", (dialog) => void dialog.accept());
      await edited.getByRole("button", { name: /^Delete the note/ }).click();
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Quote sent for two offices" })).toHaveCount(0);
      const stored = await (await page.request.get(at(`/api/admin/leads/${lead.id}`))).json();
      expect(stored.timeline.filter((entry: { type: string }) => entry.type === "note")).toEqual([]);
    });

    test("Lost asks for a reason; Spam hides the lead from the list but its filter, and Not spam brings it back", async ({ page }) => {
      const lead = await newContactLead(page);
      await page.goto(at(`/admin/leads/${lead.id}`));
      const statusMenu = page.getByRole("button", { name: `Change status: ${lead.name}, now New` });
      await waitForHydration(statusMenu);
      await statusMenu.click();
      await page.getByRole("menuitem", { name: "Lost" }).click();
      const dialog = page.getByRole("dialog", { name: `Mark ${lead.name} as lost` });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, "lost reason dialog");
      await dialog.getByRole("button", { name: "Mark as lost" }).click();
      await expect(dialog.getByText("Choose a reason.").or(dialog.getByText(/The reason is one of/))).toBeVisible();
      await dialog.getByRole("radio", { name: "Other" }).check();
      await dialog.getByRole("button", { name: "Mark as lost" }).click();
      await expect(dialog.getByText(/Say why/)).toBeVisible();
      await dialog.getByLabel("Note (needed for Other)").fill("Moving out of state");
      await dialog.getByRole("button", { name: "Mark as lost" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Status: New → Lost (Other: Moving out of state)" })).toHaveCount(1);

      await page.getByRole("button", { name: "Mark as spam" }).click();
      await expect(page.getByRole("button", { name: "Not spam" })).toBeVisible();
      await page.goto(at(`/admin/leads?q=${encodeURIComponent(lead.name)}`));
      await expect(page.getByText("No leads match.")).toBeVisible();
      await openFilters(page);
      await page.getByLabel("Status").selectOption("spam");
      await expect(page).toHaveURL(/status=spam/);
      await expect(page.getByTestId("lead-row").filter({ hasText: lead.name })).toContainText("Spam");
      await expectNoAxeViolations(page, "list, Spam filter");

      await page.getByRole("link", { name: lead.name }).click();
      const notSpam = page.getByRole("button", { name: "Not spam" });
      await waitForHydration(notSpam);
      await notSpam.click();
      await expect(page.getByRole("button", { name: "Mark as spam" })).toBeVisible();
      await page.goto(at(`/admin/leads?q=${encodeURIComponent(lead.name)}`));
      await expect(page.getByTestId("lead-row").filter({ hasText: lead.name })).toContainText("New");
    });
  });
}

test("every desk view fits 768 px without scrolling sideways", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await logIn(page);
  const lead = await newContactLead(page, { message: `${"Unbroken".repeat(40)} message` });
  for (const target of ["/admin", "/admin/leads", "/admin/leads?view=board", `/admin/leads/${lead.id}`]) {
    await page.goto(at(target));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
    await expectNoHorizontalScroll(page, `${target} at 768 px`);
  }
});

import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { randomPhone, validContact, validSurvey } from "../support/api-request";
import { type RunningServer, startDeskServer } from "../support/production-server";
import { expect, test, waitForLoadIslands } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations } from "./helpers";

/**
 * Today on the owner's phone (issue 29): the newest lead on top of 300 old ones, the older
 * ones collapsed with their count and every one reachable, a Lost lead that writes again
 * under "Came back", follow-ups with a type that are done or snoozed from their row, and
 * the 14-day agenda. One server per worker on its own database.
 */

const DAY = 24 * 60 * 60 * 1000;
let server: RunningServer;
let databasePath: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(90_000);
  server = await startDeskServer("today", testInfo, E2E_ADMIN);
  databasePath = path.join(testInfo.outputDir, `today-${testInfo.workerIndex}.db`);
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (target: string) => `${server.url}${target}`;

async function logIn(page: Page): Promise<void> {
  const response = await page.request.post(at("/api/admin/login"), { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
}

async function newContact(page: Page, overrides: Partial<typeof validContact> = {}) {
  const tag = randomUUID().slice(0, 8);
  const contact = { ...validContact, name: `Pat Newcomb ${tag}`, email: `pat-${tag}@example.com`, phone: randomPhone(), ...overrides };
  const response = await page.request.post(at("/api/contact"), { data: contact });
  expect(response.status(), await response.text()).toBe(201);
  const search = await page.request.get(at(`/api/admin/leads?q=${encodeURIComponent(contact.email)}`));
  const { items } = (await search.json()) as { items: { id: number; name: string }[] };
  return { id: items[0]!.id, ...contact };
}

/** Leads nobody contacted, written straight into the server's database with old times (the site only makes leads of now). */
function plantOldLeads(count: number, tag: string): string[] {
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare(
      "insert into leads (name, email, email_key, first_submitted_at, last_submitted_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
    );
    const names: string[] = [];
    const now = Date.now();
    db.transaction(() => {
      for (let index = 0; index < count; index++) {
        const time = now - 8 * DAY - index * 3_600_000;
        const name = `Old ${tag} ${String(index).padStart(3, "0")}`;
        insert.run(name, `old-${tag}-${index}@example.com`, `old-${tag}-${index}@example.com`, time, time, time, time);
        names.push(name);
      }
    })();
    return names;
  } finally {
    db.close();
  }
}

/** Surveys of years gone by, written straight into the database (each its own business), newest last. */
function plantSurveys(count: number, tag: string): void {
  const db = new Database(databasePath);
  try {
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare(
      `insert into survey_submissions (created_at, viewed, business_name, email, phone_number, address, employee_count, device_count, primary_internet_use,
        uses_streaming, has_public_wifi, phone_count, interested_services, additional_comments) values (?, 0, ?, ?, '864-555-0100', '1 Main St', 5, 10, 'Email', 0, 0, 2, '[]', '')`,
    );
    const start = Date.now() - 400 * DAY;
    db.transaction(() => {
      for (let index = 0; index < count; index++) insert.run(start + index * 3_600_000, `Survey ${tag} ${String(index).padStart(4, "0")}`, `survey-${tag}-${index}@example.com`);
    })();
  } finally {
    db.close();
  }
}

test.describe("Today at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 90_000, mode: "serial" });
  test.beforeEach(async ({ page }) => logIn(page));

  test("the new lead is first above 300 old ones, which wait collapsed under Older with their count, every one reachable", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const old = plantOldLeads(300, tag);
    const fresh = await newContact(page);

    await page.goto(at("/admin"));
    const waiting = page.getByRole("region", { name: /Waiting for a first contact/ });
    await expect(waiting.getByTestId("today-group-new").getByTestId("today-lead").first()).toContainText(fresh.name);
    const older = waiting.getByRole("button", { name: /^Older \(\d+\)$/ });
    await expect(older).toHaveAttribute("aria-expanded", "false");
    const olderCount = Number((await older.textContent())!.match(/\((\d+)\)/)![1]);
    expect(olderCount).toBeGreaterThanOrEqual(300);
    await expect(page.getByText(old[0]!)).toHaveCount(0);

    await older.click();
    const olderGroup = waiting.getByTestId("today-group-older");
    await expect(olderGroup.getByTestId("today-lead").first()).toContainText(old[0]!);
    await expect(olderGroup.getByTestId("today-lead")).toHaveCount(20);
    // Show more until every older lead is listed, the last planted one included.
    for (let shown = 20; shown < olderCount; shown += 20) {
      await olderGroup.getByRole("button", { name: "Show more" }).click();
      await expect(olderGroup.getByTestId("today-lead")).toHaveCount(Math.min(shown + 20, olderCount));
    }
    await expect(olderGroup.getByRole("button", { name: "Show more" })).toHaveCount(0);
    await expect(olderGroup.getByTestId("today-lead").filter({ hasText: old[299]! })).toHaveCount(1);
  });

  test("the tab bar at the bottom is at most 64 px tall, and Today's first lead is on the first screen with its call button 44 px or more", async ({ page }) => {
    await newContact(page);
    await page.goto(at("/admin"));
    const bar = page.getByTestId("tab-bar");
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height).toBeLessThanOrEqual(64);
    expect(barBox.y + barBox.height).toBeCloseTo(812, 0);
    for (const name of [/^Today/, /^Leads/, /^Agenda/]) await expect(bar.getByRole("link", { name })).toBeVisible();
    await expect(bar.getByRole("button", { name: "More" })).toHaveAttribute("aria-expanded", "false");
    const first = page.getByTestId("today-group-new").getByTestId("today-lead").first();
    const firstBox = (await first.boundingBox())!;
    // Measured: where the first lead's row starts, and that it ends above the tab bar.
    console.log(`[layout 375] tab bar ${barBox.height} px tall; first lead's row at y=${Math.round(firstBox.y)}–${Math.round(firstBox.y + firstBox.height)} px`);
    expect(firstBox.y + firstBox.height).toBeLessThanOrEqual(barBox.y);
    const callBox = (await first.getByRole("link", { name: /^Call / }).boundingBox())!;
    expect(Math.min(callBox.width, callBox.height)).toBeGreaterThanOrEqual(44);
    await bar.getByRole("button", { name: "More" }).click();
    await expect(bar.getByRole("link", { name: /^Surveys/ })).toBeVisible();
    await expectNoAxeViolations(page, "Today with the tab bar's More open");
  });

  test("a Lost lead that writes again is under Came back, still Lost, with what it sent", async ({ page }) => {
    const lead = await newContact(page);
    const lost = await page.request.patch(at(`/api/admin/leads/${lead.id}`), { data: { status: "lost", lostReason: "price" } });
    expect(lost.status()).toBe(200);
    const survey = await page.request.post(at("/api/survey"), {
      data: { ...validSurvey, email: lead.email, phoneNumber: lead.phone, additionalComments: "Our contract ends in July, ready to talk again." },
    });
    expect(survey.status(), await survey.text()).toBe(201);

    await page.goto(at("/admin"));
    const cameBack = page.getByRole("region", { name: /Came back/ });
    const row = cameBack.getByTestId("today-lead").filter({ hasText: lead.name });
    await expect(row).toBeVisible();
    await expect(row.getByText("Lost", { exact: true })).toBeVisible();
    await expect(row.getByTestId("latest-request")).toContainText("Our contract ends in July");
    await expectNoAxeViolations(page, "Today with a lead that came back");
  });

  test("a follow-up shows its type and time on Today, snoozes to tomorrow, and is marked done from its row", async ({ page }) => {
    const lead = await newContact(page);
    const due = new Date(Date.now() - 3_600_000).toISOString();
    const set = await page.request.patch(at(`/api/admin/leads/${lead.id}`), {
      data: { status: "contacted", nextFollowUpAt: due, nextFollowUpType: "visit" },
    });
    expect(set.status()).toBe(200);

    await page.goto(at("/admin"));
    const followUps = page.getByRole("region", { name: /Follow-ups due/ });
    const row = followUps.getByTestId("today-lead").filter({ hasText: lead.name });
    await expect(row.getByTestId("follow-up-type")).toHaveText("Visit");

    await row.getByRole("button", { name: `Snooze the follow-up with ${lead.name}` }).click();
    await page.getByRole("menuitem", { name: "Tomorrow" }).click();
    await expect(page.getByText("Follow-up snoozed", { exact: true })).toBeVisible();
    await expect(followUps.getByTestId("today-lead").filter({ hasText: lead.name })).toHaveCount(0);
    const snoozed = (await (await page.request.get(at(`/api/admin/leads/${lead.id}`))).json()) as { nextFollowUpAt: string; nextFollowUpType: string };
    expect(snoozed.nextFollowUpType).toBe("visit");
    expect(Date.parse(snoozed.nextFollowUpAt)).toBeGreaterThan(Date.now());

    // Due again now: Done from the row clears it.
    await page.request.patch(at(`/api/admin/leads/${lead.id}`), { data: { nextFollowUpAt: due } });
    await page.reload();
    await followUps.getByRole("button", { name: `Done: follow-up with ${lead.name}` }).click();
    await expect(followUps.getByTestId("today-lead").filter({ hasText: lead.name })).toHaveCount(0);
    const done = (await (await page.request.get(at(`/api/admin/leads/${lead.id}`))).json()) as { nextFollowUpAt: string | null };
    expect(done.nextFollowUpAt).toBeNull();
  });

  test("the agenda lists the next 14 days with each follow-up's time and type", async ({ page }) => {
    const lead = await newContact(page);
    const inThreeDays = new Date(Date.now() + 3 * DAY);
    inThreeDays.setHours(14, 30, 0, 0);
    await page.request.patch(at(`/api/admin/leads/${lead.id}`), {
      data: { nextFollowUpAt: inThreeDays.toISOString(), nextFollowUpType: "meeting" },
    });
    await page.goto(at("/admin/agenda"));
    await expect(page.getByRole("heading", { level: 1, name: "Agenda" })).toBeVisible();
    await expect(page.getByTestId("agenda-day")).toHaveCount(14);
    const item = page.getByTestId("agenda-item").filter({ hasText: lead.name });
    await expect(item).toContainText("Meeting");
    await expect(item.locator("time")).toHaveAttribute("datetime", inThreeDays.toISOString());
    await expectNoAxeViolations(page, "the agenda");
  });
});

test.describe("the lead list at 375×812", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => logIn(page));

  test("the filters fold behind Filters (N), and the first lead shows on the first screen", async ({ page }) => {
    await newContact(page);
    await page.goto(at("/admin/leads"));
    const toggle = page.getByRole("button", { name: "Filters (0)" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Service")).toBeHidden();
    const first = (await page.getByTestId("lead-row").first().boundingBox())!;
    const bar = (await page.getByTestId("tab-bar").boundingBox())!;
    console.log(`[layout 375] first lead row of the list at y=${Math.round(first.y)} px (tab bar from y=${Math.round(bar.y)})`);
    expect(first.y).toBeLessThan(bar.y);

    await toggle.click();
    await page.getByLabel("Kind").selectOption("contact");
    await expect(page).toHaveURL(/kind=contact/);
    await expect(page.getByRole("button", { name: "Filters (1)" })).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, "the list with its filters open");
  });
});

test.describe("the lead's card at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => logIn(page));

  test("says what the lead wants first: the service, the first 200 characters of the message, the score and the channel, then Call, Text and E-mail", async ({ page }) => {
    const message = `We run two clinics and the phones drop every afternoon. ${"We need it fixed before the new location opens in the spring, and we would like a quote for both sites. ".repeat(3)}`;
    const lead = await newContact(page, { projectType: "voip-phone-systems", message });
    await page.goto(at(`/admin/leads/${lead.id}`));
    const wants = page.getByTestId("lead-wants");
    await expect(wants.getByTestId("lead-service")).toHaveText("VoIP Phone Systems");
    await expect(wants.getByTestId("lead-channel")).toContainText("Channel:");
    const shown = (await wants.getByTestId("lead-latest-request").textContent())!;
    expect(shown).toBe(`${message.replace(/\s+/g, " ").trim().slice(0, 200)}…`);

    // Above the Call button, which is on the first screen; "Where from" comes after the timeline.
    const wantsBox = (await wants.boundingBox())!;
    const callBox = (await page.getByRole("link", { name: "Call", exact: true }).boundingBox())!;
    expect(wantsBox.y + wantsBox.height).toBeLessThanOrEqual(callBox.y);
    expect(callBox.y + callBox.height).toBeLessThanOrEqual(812);
    const timelineBox = (await page.getByTestId("timeline").boundingBox())!;
    const originBox = (await page.getByRole("region", { name: "Where from" }).boundingBox())!;
    expect(originBox.y).toBeGreaterThan(timelineBox.y);
    await expectNoAxeViolations(page, "the lead's card");
  });

  test("after a tap on Call, coming back to the page opens 'How did the call go?', which logs the call in two taps", async ({ page }) => {
    const lead = await newContact(page);
    await page.goto(at(`/admin/leads/${lead.id}`));
    const callLink = page.getByRole("link", { name: "Call", exact: true });
    // The phone app would take over: keep the test's page where it is, as the owner's browser stays on the desk.
    await callLink.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
    await callLink.click();
    await expect(page.getByTestId("call-return-sheet")).toHaveCount(0);
    // Back from the call: the page becomes visible again.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    const sheet = page.getByRole("dialog", { name: "How did the call go?" });
    await expect(sheet).toBeVisible();
    await expectNoAxeViolations(page, "the call sheet");
    await sheet.getByRole("button", { name: "Reached" }).click();
    await sheet.getByRole("button", { name: "Tomorrow" }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId("timeline-entry").filter({ hasText: "Call: Reached" })).toHaveCount(1);
    // Coming back again without a new tap asks nothing.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("the board at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => logIn(page));

  test("columns sit side by side and snap, each shows 20 cards with Show more, and the page is at most three screens tall", async ({ page }) => {
    plantOldLeads(45, randomUUID().slice(0, 6));
    const fresh = await newContact(page);
    await page.goto(at("/admin/leads?view=board"));
    const board = page.getByTestId("lead-board");
    const newColumn = board.getByTestId("board-column-new");
    await expect(newColumn.getByTestId("board-card")).toHaveCount(20);
    expect(await board.evaluate((element) => getComputedStyle(element).scrollSnapType)).toBe("x mandatory");
    const [newBox, contactedBox] = [(await newColumn.boundingBox())!, (await board.getByTestId("board-column-contacted").boundingBox())!];
    expect(contactedBox.y).toBeCloseTo(newBox.y, 0);
    expect(contactedBox.x).toBeGreaterThan(newBox.x + newBox.width - 1);
    // No sideways scroll of the page itself: only the board scrolls.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`[layout 375] board page ${height} px tall with 20 cards a column (${(height / 812).toFixed(2)} screens)`);
    expect(height).toBeLessThanOrEqual(3 * 812);

    // The newest lead's card: what it is about, how long it has waited, and a Move of 44 px or more.
    const card = newColumn.getByTestId("board-card").filter({ hasText: fresh.name });
    await expect(card).toContainText("Managed Internet");
    await expect(card).toContainText(/min old/);
    const move = (await card.getByRole("button", { name: /^Move/ }).boundingBox())!;
    expect(Math.min(move.width, move.height)).toBeGreaterThanOrEqual(44);

    await newColumn.getByRole("button", { name: "Show more" }).click();
    await expect(newColumn.getByTestId("board-card")).toHaveCount(40);
    await expect(newColumn.getByRole("link", { name: /^All \d+ in the list$/ })).toBeVisible();
  });
});

test.describe("the spec's survey list with years of surveys", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => logIn(page));

  test("shows its first 100 rows at once and the rest in steps, as the end of the table nears or from Show more", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    plantSurveys(250, tag);
    await page.goto(at("/admin/surveys"));
    await expect(page.getByRole("heading", { level: 1, name: "Survey Submissions" })).toBeVisible();
    const rows = page.getByTestId("survey-row");
    await expect(rows).toHaveCount(100);
    const total = Number((await page.evaluate(async () => ((await (await fetch("/api/admin/surveys")).json()) as unknown[]).length)));
    const more = page.getByTestId("more-rows");
    await expect(more).toContainText(`${total - 100} more below`);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`[layout 375] /admin/surveys with ${total} surveys: ${height} px tall with its first 100 rows`);

    // The button brings the next 100 (clicked where it is, far below the screen: a keyboard's Enter).
    await more.getByRole("button", { name: "Show more" }).evaluate((button: HTMLButtonElement) => button.click());
    await expect(rows).toHaveCount(200);
    // Scrolling to the end of the table brings the rest by itself.
    await more.scrollIntoViewIfNeeded();
    await expect(rows).toHaveCount(total);
    await expect(more).toHaveCount(0);
    // Newest first, as the API sends them: the oldest planted survey is the last row.
    await expect(rows.last()).toContainText(`Survey ${tag} 0000`);
  });
});

test.describe("keys on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => logIn(page));

  test("? lists the keys; g l opens Leads, / searches, j and k move between leads, c goes to the call log, g t opens Today", async ({ page }) => {
    const first = await newContact(page);
    await newContact(page);
    const keysLive = () => expect(page.locator("html[data-desk-keys=on]")).toHaveCount(1);
    await page.goto(at("/admin/agenda"));
    await keysLive();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toContainText("Open Today");
    await expectNoAxeViolations(page, "the keys dialog");
    await page.keyboard.press("Escape");
    await expect(help).toHaveCount(0);

    await page.keyboard.press("g");
    await page.keyboard.press("l");
    await expect(page).toHaveURL(at("/admin/leads"));
    await keysLive();
    await expect(page.getByTestId("lead-row")).not.toHaveCount(0);
    await page.keyboard.press("j");
    const rows = page.getByTestId("lead-row");
    await expect(rows.nth(0).getByRole("link").first()).toBeFocused();
    await page.keyboard.press("j");
    await expect(rows.nth(1).getByRole("link").first()).toBeFocused();
    await page.keyboard.press("k");
    await expect(rows.nth(0).getByRole("link").first()).toBeFocused();

    // Typing in the search takes every key as text.
    await page.keyboard.press("/");
    const search = page.getByRole("searchbox", { name: /Search/ });
    await expect(search).toBeFocused();
    await page.keyboard.type(`j k g l ${first.email}`);
    await expect(search).toHaveValue(`j k g l ${first.email}`);
    await expect(page).toHaveURL(at("/admin/leads"));

    await page.goto(at(`/admin/leads/${first.id}`));
    await keysLive();
    const callLog = page.getByRole("group", { name: "How did the call go?" });
    await expect(callLog).toBeVisible();
    await page.keyboard.press("c");
    await expect(callLog.getByRole("button").first()).toBeFocused();
    await page.keyboard.press("g");
    await page.keyboard.press("t");
    await expect(page).toHaveURL(at("/admin"));
  });
});

test.describe("sign-in from a link to a lead", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 90_000 });

  test("a signed-out owner who opens a lead's link signs in and lands on that lead; a foreign next= lands on the survey inbox", async ({ page, browser }) => {
    await logIn(page);
    const lead = await newContact(page);
    const stranger = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      // The owner's own phone, signed out: it keeps the device cookie of an earlier sign-in, so other tests'
      // logins from unknown browsers (the shared per-minute budget) cannot make it wait.
      const device = (await page.context().cookies()).filter((cookie) => cookie.name === "sr_admin_device");
      expect(device).toHaveLength(1);
      await stranger.addCookies(device);
      const owner = await stranger.newPage();
      // A page of a context of its own: the fixture's wait for hydration is not on it.
      await owner.goto(at(`/admin/leads/${lead.id}`));
      await expect(owner).toHaveURL(at(`/admin/login?next=${encodeURIComponent(`/admin/leads/${lead.id}`)}`));
      await waitForLoadIslands(owner);
      await owner.getByLabel("Username").fill(E2E_ADMIN.username);
      await owner.getByLabel("Password").fill(E2E_ADMIN.password);
      await owner.getByRole("button", { name: "Log In" }).click();
      await expect(owner).toHaveURL(at(`/admin/leads/${lead.id}`));
      await expect(owner.getByRole("heading", { level: 1 })).toHaveText(lead.name);

      await owner.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "More" }).click();
      await owner.getByRole("button", { name: "Log out" }).click();
      await expect(owner).toHaveURL(/\/admin\/login$/);
      await owner.goto(at(`/admin/login?next=${encodeURIComponent("https://evil.example/admin/leads/1")}`));
      await waitForLoadIslands(owner);
      await owner.getByLabel("Username").fill(E2E_ADMIN.username);
      await owner.getByLabel("Password").fill(E2E_ADMIN.password);
      await owner.getByRole("button", { name: "Log In" }).click();
      await expect(owner).toHaveURL(at("/admin/surveys"));
    } finally {
      await stranger.close();
    }
  });
});

test.describe("Undo at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(async ({ page }) => logIn(page));

  test("a status move on the card and Mark as spam confirm with a toast whose Undo puts the lead back, follow-up included", async ({ page }) => {
    const lead = await newContact(page);
    const due = new Date(Date.now() + 2 * DAY).toISOString();
    expect((await page.request.patch(at(`/api/admin/leads/${lead.id}`), { data: { status: "contacted", nextFollowUpAt: due, nextFollowUpType: "visit" } })).status()).toBe(200);
    await page.goto(at(`/admin/leads/${lead.id}`));

    await page.getByRole("button", { name: new RegExp(`^Change status: ${lead.name}`) }).click();
    await page.getByRole("menuitem", { name: "Won" }).click();
    const toastRegion = page.getByRole("region", { name: /Notifications/ });
    await expect(toastRegion.getByText("Moved to Won")).toBeVisible();
    const afterMove = (await (await page.request.get(at(`/api/admin/leads/${lead.id}`))).json()) as { status: string; nextFollowUpAt: string | null };
    expect(afterMove).toMatchObject({ status: "won", nextFollowUpAt: null });
    await toastRegion.getByRole("button", { name: "Undo" }).click();
    await expect(toastRegion.getByText("Move undone")).toBeVisible();
    const undone = (await (await page.request.get(at(`/api/admin/leads/${lead.id}`))).json()) as { status: string; nextFollowUpAt: string; nextFollowUpType: string };
    expect(undone).toMatchObject({ status: "contacted", nextFollowUpAt: due, nextFollowUpType: "visit" });

    await page.getByRole("button", { name: "Mark as spam" }).click();
    await expect(toastRegion.getByText("Marked as spam")).toBeVisible();
    await toastRegion.getByRole("button", { name: "Undo" }).click();
    await expect(toastRegion.getByText("Spam undone")).toBeVisible();
    const back = (await (await page.request.get(at(`/api/admin/leads/${lead.id}`))).json()) as { status: string };
    expect(back.status).toBe("contacted");
  });
});

import ICAL from "ical.js";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import { freePort, type RunningServer, startProductionServer } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { expect, test } from "./fixtures";
import Database from "better-sqlite3";
import { E2E_ADMIN, expectNoHorizontalScroll, waitForHydration } from "./helpers";

/**
 * Booking the consultation in the browser (docs/booking.md), at 375 and 1280 px, with and
 * without scripts: book on /book, receive the invitation at a local SMTP server, parse its
 * .ics, then reschedule and cancel on the private page, whose GET changes nothing. Each
 * worker runs its own server (with SMTP) on a fresh database.
 */

const OWNER = "owner@example.com";
let server: RunningServer;
let sink: SmtpSink;
let databasePath: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  sink = await startSmtpSink();
  const port = await freePort();
  server = await startProductionServer(
    {
      DATABASE_PATH: (databasePath = path.join(testInfo.outputDir, `booking-${testInfo.workerIndex}.db`)),
      DATABASE_URL: undefined,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_PASSWORD_HASH: undefined,
      RATE_LIMIT_MULTIPLIER: "1000",
      SITE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: sink.url,
      MAIL_FROM: "Saluda Ridge Website <website@example.com>",
      LEADS_TO: OWNER,
      OUTBOX_POLL_MS: "500",
    },
    { port },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** The calendar part of the newest e-mail to `to` whose iTIP method is `method`, once it has arrived. */
async function calendarMail(to: string, method: "REQUEST" | "CANCEL"): Promise<ICAL.Component> {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = sink.messages
        .filter((mail) => JSON.stringify(mail.to ?? "").includes(to))
        .flatMap((mail) => mail.attachments.filter((part) => part.contentType.startsWith("text/calendar")).map((part) => part.content.toString()))
        .findLast((text) => text.includes(`METHOD:${method}`));
      return found !== undefined;
    }, { timeout: 15_000 })
    .toBe(true);
  return new ICAL.Component(ICAL.parse(found!));
}

const eventOf = (calendar: ICAL.Component) => calendar.getFirstSubcomponent("vevent")!;
const startOf = (calendar: ICAL.Component) => (eventOf(calendar).getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString();

async function bookFirstSlot(page: Page, email: string): Promise<string> {
  await page.goto(`${server.url}/book`);
  const slot = page.getByTestId("slot-list").getByRole("radio").first();
  const start = (await slot.getAttribute("value"))!;
  await slot.check();
  await page.getByLabel("Name").fill("Dana Whitfield");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(864) 555-0142");
  await page.getByLabel("What is it about?").selectOption("managed-internet");
  await page.getByRole("button", { name: "Book the consultation" }).click();
  await expect(page.getByTestId("booking-confirmation")).toBeVisible();
  return start;
}

for (const scripts of [true, false]) {
  for (const width of [375, 1280]) {
    test.describe(`booking at ${width} px ${scripts ? "with" : "without"} scripts`, () => {
      test.use({ javaScriptEnabled: scripts, viewport: { width, height: 800 }, timezoneId: "America/Los_Angeles" });

      test("book, receive a calendar invitation, reschedule and cancel on the private page", async ({ page }) => {
        test.setTimeout(60_000);
        const email = `booker-${randomUUID().slice(0, 8)}@example.com`;
        const start = await bookFirstSlot(page, email);
        const confirmation = page.getByTestId("booking-confirmation");
        await expect(confirmation).toContainText("Your consultation is booked");
        if (scripts) await expect(confirmation).toContainText("your time)");
        await expectNoHorizontalScroll(page, `/book confirmation at ${width}`);

        const google = await confirmation.getByRole("link", { name: "Add to Google Calendar" }).getAttribute("href");
        expect(google).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
        const icsHref = (await confirmation.getByRole("link", { name: "Download .ics" }).getAttribute("href"))!;
        const ics = await page.request.get(`${server.url}${icsHref}`);
        expect(ics.headers()["content-type"]).toContain("text/calendar");
        expect(startOf(new ICAL.Component(ICAL.parse(await ics.text())))).toBe(new Date(start).toISOString());

        const invitation = await calendarMail(email, "REQUEST");
        expect(invitation.getFirstPropertyValue("method")).toBe("REQUEST");
        expect(startOf(invitation)).toBe(new Date(start).toISOString());
        expect(eventOf(invitation).getFirstProperty("attendee")!.getParameter("rsvp")).toBe("TRUE");
        const uid = eventOf(invitation).getFirstPropertyValue("uid");

        // The private link from the e-mail: opening it (as a link scanner would) changes nothing.
        const manageHref = (await confirmation.getByRole("link", { name: "your private booking page" }).getAttribute("href"))!;
        for (let visit = 0; visit < 3; visit += 1) {
          const response = await page.request.get(`${server.url}${manageHref}`);
          expect(response.status()).toBe(200);
        }
        await page.goto(`${server.url}${manageHref}`);
        await expect(page.getByTestId("booking-status")).toHaveText("Booked");

        const reschedule = page.getByRole("form", { name: "Reschedule" });
        const newSlot = reschedule.getByRole("radio").nth(1);
        const newStart = (await newSlot.getAttribute("value"))!;
        await newSlot.check();
        await reschedule.getByRole("button", { name: "Move my consultation" }).click();
        await expect(page.getByRole("status")).toContainText("moved");
        await expect(page.getByTestId("booking-details").locator("time")).toHaveAttribute("datetime", newStart);
        await expect
          .poll(async () => {
            const moved = sink.messages.filter((mail) => JSON.stringify(mail.to ?? "").includes(email)).length;
            return moved;
          })
          .toBeGreaterThanOrEqual(2);
        const movedInvitation = await calendarMail(email, "REQUEST");
        await expect.poll(async () => startOf(await calendarMail(email, "REQUEST"))).toBe(new Date(newStart).toISOString());
        expect(eventOf(movedInvitation).getFirstPropertyValue("uid")).toBe(uid);

        await page.getByRole("form", { name: "Cancel" }).getByRole("button", { name: "Cancel my consultation" }).click();
        await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
        const cancellation = await calendarMail(email, "CANCEL");
        expect(eventOf(cancellation).getFirstPropertyValue("uid")).toBe(uid);
        expect(Number(eventOf(cancellation).getFirstPropertyValue("sequence"))).toBeGreaterThan(Number(eventOf(invitation).getFirstPropertyValue("sequence")));

        // An old link shows the booking as it is now.
        await page.goto(`${server.url}${manageHref}`);
        await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
      });
    });
  }
}

test("a Los Angeles visitor sees their own time beside each New York slot", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "America/Los_Angeles" });
  const page = await context.newPage();
  await page.goto(`${server.url}/book`);
  const first = page.getByTestId("slot-list").getByRole("listitem").first();
  const label = (await first.locator("span.font-medium").textContent())!;
  const [clock, period] = label.split(" ");
  const [hours, minutes] = clock!.split(":").map(Number);
  // Three hours earlier on the west coast, whatever the date's daylight saving.
  const local = (((hours! % 12) + (period === "PM" ? 12 : 0) - 3 + 24) % 24);
  const expected = `${local % 12 === 0 ? 12 : local % 12}:${String(minutes).padStart(2, "0")} ${local < 12 ? "AM" : "PM"}`;
  await expect(first).toContainText(`(${expected} your time)`);
  await context.close();
});

test("the home page's Schedule a Consultation leads to /book, and /contact?service=consultation still works", async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(page.getByRole("link", { name: "Schedule a Consultation" }).first()).toHaveAttribute("href", "/book");
  const contact = await page.request.get(`${server.url}/contact?service=consultation`);
  expect(contact.status()).toBe(200);
});

test("the owner sees the consultation on the lead and on Today, and cancelling it tells the visitor", async ({ page }) => {
  test.setTimeout(60_000);
  page.setViewportSize({ width: 375, height: 800 });
  const slots = (await (await page.request.get(`${server.url}/api/booking/slots?days=14`)).json()) as { slots: { start: string }[] };
  const start = slots.slots.at(-1)!.start;
  const email = `owner-view-${randomUUID().slice(0, 8)}@example.com`;
  const booked = await page.request.post(`${server.url}/api/bookings`, { data: { start, name: "Morgan Reyes", email, phone: "(864) 555-0199", business: "Reyes Bakery", service: "voip-phone-systems" } });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: number };

  // A consultation starting now, written straight into the database: the site's clock is real,
  // today may be a weekend, and "now" is today in any zone (a later time could fall after midnight).
  const db = new Database(databasePath);
  const soon = Date.now();
  const lead = db.prepare("select lead_id from bookings where id = ?").get(id) as { lead_id: number };
  const today = db
    .prepare("insert into bookings (lead_id, start_at, end_at, status, name, email, phone, service, uid, sequence, manage_token_hash, created_at, updated_at) values (?, ?, ?, 'booked', 'Morgan Reyes', ?, '8645550199', 'it-support', ?, 0, ?, ?, ?)")
    .run(lead.lead_id, soon, soon + 15 * 60_000, email, `today-${id}@test`, `hash-${randomUUID()}`, Date.now(), Date.now());
  db.close();
  expect(today.changes).toBe(1);

  expect((await page.request.post(`${server.url}/api/admin/login`, { data: E2E_ADMIN })).status()).toBe(200);
  await page.goto(`${server.url}/admin`);
  await expect(page.getByTestId("today-consultations")).toContainText("Morgan Reyes");

  await page.goto(`${server.url}/admin/leads/${lead.lead_id}`);
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toContainText("Consultation booked for");
  const card = page.getByTestId("lead-bookings");
  await expect(card).toContainText("Booked");
  const cancel = card.getByRole("button", { name: "Cancel" }).first();
  await waitForHydration(cancel);
  await cancel.click();
  await expect(card).toContainText("Cancelled");
  await expectNoHorizontalScroll(page, "lead with consultations at 375");
  const cancellation = await calendarMail(email, "CANCEL");
  expect(eventOf(cancellation).getFirstPropertyValue("method") ?? cancellation.getFirstPropertyValue("method")).toBe("CANCEL");
});

test("the owner sees a consultation on the agenda at its time, moves it from the lead card at 375 px and cancels it, and the visitor's calendar follows", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const slots = (await (await page.request.get(`${server.url}/api/booking/slots`)).json()) as { slots: { start: string }[] };
  const start = slots.slots.at(-2)!.start;
  const email = `moved-${randomUUID().slice(0, 8)}@example.com`;
  const booked = await page.request.post(`${server.url}/api/bookings`, { data: { start, name: "Riley Moss", email, phone: "(864) 555-0177", business: "Moss Florist", service: "it-support" } });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: number };
  const invitation = eventOf(await calendarMail(email, "REQUEST"));

  expect((await page.request.post(`${server.url}/api/admin/login`, { data: E2E_ADMIN })).status()).toBe(200);
  await page.goto(`${server.url}/admin/agenda`);
  const onAgenda = page.getByTestId("agenda-consultation").filter({ hasText: "Riley Moss" });
  await expect(onAgenda).toContainText("Consultation");
  await expect(onAgenda.locator("time")).toHaveAttribute("datetime", new Date(start).toISOString());
  await expectNoHorizontalScroll(page, "agenda with a consultation at 375");

  await onAgenda.getByRole("link", { name: "Riley Moss" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  const card = page.getByTestId("lead-bookings");
  const move = card.getByRole("button", { name: "Move", exact: true });
  await waitForHydration(move);
  await move.click();
  const newTime = card.getByLabel("New time (Eastern Time)");
  await expect.poll(() => newTime.locator("option").count()).toBeGreaterThan(2);
  await newTime.selectOption({ index: 1 });
  const newStart = new Date(await newTime.inputValue()).toISOString();
  await expectNoHorizontalScroll(page, "moving a consultation at 375");
  await card.getByRole("button", { name: "Move and tell the visitor" }).click();
  await expect(card.locator("time")).toHaveAttribute("datetime", newStart);
  await expect(card.getByRole("form", { name: "Move the consultation" })).toHaveCount(0);

  // The visitor's calendar gets the new time as an update of the same event.
  await expect.poll(async () => startOf(await calendarMail(email, "REQUEST"))).toBe(newStart);
  const update = eventOf(await calendarMail(email, "REQUEST"));
  expect(update.getFirstPropertyValue("uid")).toBe(invitation.getFirstPropertyValue("uid"));
  expect(Number(update.getFirstPropertyValue("sequence"))).toBeGreaterThan(Number(invitation.getFirstPropertyValue("sequence")));
  const listed = (await (await page.request.get(`${server.url}/api/admin/bookings?from=${newStart.slice(0, 10)}&to=${newStart.slice(0, 10)}`)).json()) as { items: { id: number; start: string }[] };
  expect(listed.items.find((item) => item.id === id)?.start).toBe(newStart);

  await card.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(card).toContainText("Cancelled");
  const cancellation = eventOf(await calendarMail(email, "CANCEL"));
  expect(cancellation.getFirstPropertyValue("uid")).toBe(invitation.getFirstPropertyValue("uid"));
  expect(Number(cancellation.getFirstPropertyValue("sequence"))).toBeGreaterThan(Number(update.getFirstPropertyValue("sequence")));
});

test("the owner sets a day off on /admin/availability and finds the private feed address there", async ({ page }) => {
  expect((await page.request.post(`${server.url}/api/admin/login`, { data: E2E_ADMIN })).status()).toBe(200);
  await page.goto(`${server.url}/admin/availability`);
  await expect(page.getByRole("heading", { name: "Availability", level: 1 })).toBeVisible();
  await expect(page.getByTestId("calendar-feed-url")).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}$/);
  const add = page.getByRole("button", { name: "Add an exception" });
  await waitForHydration(add);
  await add.click();
  // Past the 14-day horizon, so the other tests' slots stay as they are.
  await page.getByLabel("Date").last().fill("2030-12-24");
  await page.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const saved = (await (await page.request.get(`${server.url}/api/admin/availability`)).json()) as { availability: { exceptions: unknown[] } };
  expect(saved.availability.exceptions).toContainEqual({ date: "2030-12-24", hours: [] });
  const feedUrl = await page.getByTestId("calendar-feed-url").inputValue();
  const feed = await page.request.get(feedUrl.replace(/^https?:\/\/[^/]+/, server.url));
  expect(feed.status()).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  expect(calendar.name).toBe("vcalendar");
});

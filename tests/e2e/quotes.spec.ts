import path from "node:path";
import { randomUUID } from "node:crypto";
import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { freePort, type RunningServer, startProductionServer } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations, expectNoHorizontalScroll } from "./helpers";
import { pdfText } from "../support/pdf-text";

/**
 * The customer's quote page (docs/quotes.md) at 320, 375 and 1280 px, with and without
 * scripts: the owner builds and sends a quote through the desk API, the link arrives at a
 * local SMTP server, and the customer opens it, ticks an option (the totals follow, or
 * "Update totals" recomputes without scripts), reads the terms and accepts.
 */

// A server of its own per worker, whose first page and first e-mail are slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

let server: RunningServer;
let sink: SmtpSink;
let owner: APIRequestContext;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  sink = await startSmtpSink();
  const port = await freePort();
  server = await startProductionServer(
    {
      DATABASE_PATH: path.join(testInfo.outputDir, `quotes-${testInfo.workerIndex}.db`),
      DATABASE_URL: undefined,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_PASSWORD_HASH: undefined,
      RATE_LIMIT_MULTIPLIER: "1000",
      SITE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: sink.url,
      MAIL_FROM: "Saluda Ridge Website <website@example.com>",
      LEADS_TO: "owner@example.com",
      OUTBOX_POLL_MS: "500",
    },
    { port },
  );
  // The owner works in a context of their own: the customer's browser has no session.
  owner = await playwrightRequest.newContext({ baseURL: server.url });
  expect((await owner.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
});
test.afterAll(async () => {
  await owner?.dispose();
  await server?.stop();
  await sink?.close();
});

const LONG = "Network cable drop to the back office, through the attic, Cat6 plenum, terminated, labelled and tested at both ends";

/** A lead, a quote with an optional line, sent: the private link as e-mailed to the customer. */
async function sentQuote(): Promise<{ leadId: number; url: string; email: string }> {
  const email = `quote-${randomUUID().slice(0, 8)}@example.com`;
  const lead = await owner.post("/api/admin/leads", { data: { name: "Dana Whitfield", email, source: "phone" } });
  expect(lead.status()).toBe(201);
  const leadId = ((await lead.json()) as { id: number }).id;
  const created = await owner.post(`/api/admin/leads/${leadId}/quotes`, {
    data: {
      lines: [
        { catalogId: "cable-drop", description: LONG, quantity: 4, unitCents: 17_500, billing: "one-time", taxRate: 600 },
        { catalogId: "voip-seat", description: "VoIP phone line, per seat", quantity: 6, unitCents: 2_900, billing: "monthly" },
        { catalogId: "guest-wifi", description: "Guest Wi-Fi, separated from the business network", quantity: 1, unitCents: 39_900, billing: "one-time", optional: true },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { quote } = (await created.json()) as { quote: { id: number } };
  const sent = await owner.post(`/api/admin/quotes/${quote.id}/send`);
  expect(sent.status()).toBe(200);
  let url: string | undefined;
  await expect
    .poll(
      () => {
        const mail = sink.messages.find((message) => JSON.stringify(message.to ?? "").includes(email));
        url = mail?.text?.match(/https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/)?.[0];
        return url !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return { leadId, url: url!, email };
}

for (const width of [320, 375, 1280]) {
  for (const scripts of [true, false]) {
    test.describe(`${width} px, ${scripts ? "with" : "without"} scripts`, () => {
      test.use({ javaScriptEnabled: scripts, viewport: { width, height: 800 } });

      test("the customer sees every line, ticks an option, reads the terms and accepts", async ({ page }) => {
        const { leadId, url } = await sentQuote();
        await page.goto(url);
        await expect(page.getByTestId("quote-number")).toHaveText(/^Q-\d{4}-\d{4}$/);
        const lines = page.getByTestId("quote-lines").getByRole("listitem");
        await expect(lines).toHaveCount(3);
        // Every line in full: the long description wraps, nothing is cut or scrolls sideways.
        await expect(page.getByText(LONG)).toBeVisible();
        await expectNoHorizontalScroll(page, `quote at ${width}px`);
        // axe runs as a script: checked where scripts run.
        if (scripts && width === 375) await expectNoAxeViolations(page, `quote at ${width}px`);
        await expect(page.getByTestId("one-time-total")).toHaveText("$742.00");
        await expect(page.getByTestId("monthly-total")).toHaveText("$174.00/month");

        await page.getByLabel("Add this option").check();
        if (!scripts) await page.getByRole("button", { name: "Update totals" }).click();
        await expect(page.getByTestId("one-time-total")).toHaveText("$1,141.00");
        await expect(page.getByLabel("Add this option")).toBeChecked();

        // The terms come before the signature.
        // Both read in one go: a page that has just reloaded (the no-script update) may still be scrolling between two reads.
        const terms = await page.getByTestId("quote-terms").elementHandle();
        const name = await page.getByLabel("Your full name").elementHandle();
        const [termsBottom, nameTop] = await page.evaluate(([a, b]) => [a!.getBoundingClientRect().bottom, b!.getBoundingClientRect().top], [terms, name] as const);
        expect(termsBottom).toBeLessThan(nameTop!);

        await page.getByLabel("Your full name").fill("Dana Whitfield");
        await page.getByRole("button", { name: /^Accept quote/ }).click();
        await expect(page.getByText("Tick “I agree” to accept.")).toBeVisible();
        if (scripts && width === 375) await expectNoAxeViolations(page, "quote with a field error");
        await page.getByLabel("Add this option").check();
        await page.getByLabel(/I agree to the terms above/).check();
        await page.getByRole("button", { name: /^Accept quote/ }).click();
        await expect(page.getByRole("status").filter({ hasText: "Your acceptance is recorded" })).toBeVisible();
        await expect(page.getByTestId("quote-accepted")).toContainText("Accepted by Dana Whitfield");
        await expect(page.getByTestId("one-time-total")).toHaveText("$1,141.00");

        const lead = (await (await owner.get(`/api/admin/leads/${leadId}`)).json()) as { status: string; quotes: { status: string; acceptedName: string }[] };
        expect(lead.status).toBe("won");
        expect(lead.quotes[0]).toMatchObject({ status: "accepted", acceptedName: "Dana Whitfield" });
      });
    });
  }
}

test("a declined quote asks for a reason; a bad link is a 404 that gives the phone number", async ({ page }) => {
  const { url } = await sentQuote();
  await page.goto(url);
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("Tell us why, in a few words.").first()).toBeVisible();
  await page.getByLabel("Tell us why, in a few words").fill("We went with another installer.");
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("Thank you for letting us know.")).toBeVisible();
  const missing = await page.goto(`${server.url}/quote/${"x".repeat(43)}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("No quote has this link.")).toBeVisible();
});

test("the reports screen shows won revenue by channel at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { url } = await sentQuote();
  const token = url.split("/").at(-1)!;
  const accepted = await page.request.post(`${server.url}/api/quotes/${token}/accept`, { data: { name: "Dana Whitfield", consent: true } });
  expect(accepted.status()).toBe(200);
  expect((await page.context().request.post(`${server.url}/api/admin/login`, { data: E2E_ADMIN })).status()).toBe(200);
  await page.goto(`${server.url}/admin/reports`);
  const revenue = page.getByTestId("report-revenue");
  await expect(revenue.getByRole("heading", { name: "Won revenue by channel" })).toBeVisible();
  // The customer was added by phone: no web touch, so the channel is the desk's own for that.
  await expect(revenue.locator("tbody tr").first()).toContainText(/\$[1-9][\d,]*\.\d{2}/);
  await expectNoHorizontalScroll(page, "reports at 375px");
});

test("the owner builds a quote from a survey on the lead card at 375 px, sends it, the customer accepts, and both receive the signed PDF", async ({ page, browser }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = `survey-${randomUUID().slice(0, 8)}@example.com`;
  const survey = await owner.post("/api/survey", {
    data: { businessName: "Blue Heron Dental", email, phoneNumber: "864-555-0123", address: "12 Pine St, Greenville, SC 29601", employeeCount: 12, deviceCount: 40, primaryInternetUse: "Imaging and cloud charts", usesStreaming: false, hasPublicWifi: true, phoneCount: 6, interestedServices: ["voip", "starlink"], additionalComments: "" },
  });
  expect(survey.status()).toBe(201);
  const list = (await (await owner.get(`/api/admin/leads?q=${encodeURIComponent(email)}`)).json()) as { items: { id: number }[] };
  const leadId = list.items[0]!.id;

  expect((await page.context().request.post(`${server.url}/api/admin/login`, { data: E2E_ADMIN })).status()).toBe(200);
  await page.goto(`${server.url}/admin/leads/${leadId}`);
  const quotes = page.getByTestId("lead-quotes");
  await quotes.getByRole("button", { name: "New quote from the survey" }).click();
  await expect(quotes.getByTestId("quote-draft-line")).toHaveCount(6);
  await expect(quotes.getByLabel("Line 4 quantity")).toHaveValue("6");
  await quotes.getByRole("button", { name: "Save draft" }).click();
  await expect(quotes.getByTestId("lead-quote-status")).toHaveText("Draft");
  await quotes.getByRole("button", { name: "Send", exact: true }).click();
  await expect(quotes.getByTestId("quote-sent")).toContainText("E-mailed to the customer");
  const url = await quotes.getByLabel("Private link").inputValue();
  await expectNoHorizontalScroll(page, "lead card with quotes at 375px");
  // The list shows the open quote's value on the lead's card.
  await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("lead-open-quote")).toContainText(/Quote \$[\d,]+\.\d{2} \+ \$[\d,]+\.\d{2}\/mo/);
  await page.goto(`${server.url}/admin/leads/${leadId}`);

  const customer = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await customer.goto(url);
  await customer.getByLabel("Add this option").first().check();
  await customer.getByLabel("Your full name").fill("Dana Whitfield");
  await customer.getByLabel(/I agree to the terms above/).check();
  await customer.getByRole("button", { name: /^Accept quote/ }).click();
  await expect(customer.getByTestId("quote-accepted")).toBeVisible();
  await customer.close();

  await page.reload();
  await expect(page.getByTestId("lead-quote-status")).toHaveText("Accepted by Dana Whitfield");
  await expect(page.getByTestId("timeline")).toContainText(/Quote Q-\d{4}-\d{4} sent/);

  // The signed PDF reaches the customer and the owner; its text reads back.
  const signedTo = (to: string) => sink.messages.find((message) => JSON.stringify(message.to ?? "").includes(to) && message.attachments.some((file) => file.contentType === "application/pdf"));
  await expect.poll(() => Boolean(signedTo(email) && signedTo("owner@example.com")), { timeout: 15_000 }).toBe(true);
  const text = await pdfText(signedTo(email)!.attachments.find((file) => file.contentType === "application/pdf")!.content);
  expect(text).toContain("Accepted by Dana Whitfield");
  expect(text).toContain("Managed internet with failover");
  expect(text).toMatch(/One-time total: \$[\d,]+\.\d{2}/);
});

test("at 375 px the owner sets the terms and tax rate, the customer reads the terms and downloads the PDF, and Today says the quote was viewed", async ({ page, browser }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const before = await (await owner.get("/api/admin/quote-settings")).json();
  const terms = `Work starts within ten business days of acceptance. ${randomUUID().slice(0, 8)}`;
  try {
    expect((await page.context().request.post(`${server.url}/api/admin/login`, { data: E2E_ADMIN })).status()).toBe(200);
    await page.goto(`${server.url}/admin/quote-settings`);
    const tax = page.getByLabel("Default tax rate (%)");
    await tax.fill("eight");
    await page.getByRole("button", { name: "Save quote settings" }).click();
    await expect(page.getByText(/The tax rate must be from 0 % to 100 %/)).toBeVisible();
    await expect(tax).toBeFocused();
    await tax.fill("8.25");
    await page.getByLabel("Terms").fill(terms);
    await page.getByRole("button", { name: "Save quote settings" }).click();
    await expect(page.getByText("Quote settings saved", { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, "quote settings at 375px");
    await expectNoAxeViolations(page, "quote settings at 375px");
    await page.reload();
    await expect(page.getByLabel("Default tax rate (%)")).toHaveValue("8.25");

    // A quote made now carries the new terms, and its VoIP line (no rate given) the 8.25 %.
    const { url, leadId } = await sentQuote();
    const customer = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await customer.goto(url);
    await expect(customer.getByTestId("quote-terms")).toHaveText(terms);
    const [download] = await Promise.all([customer.waitForEvent("download"), customer.getByRole("link", { name: "Download this quote (PDF)" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Q-\d{4}-\d{4}\.pdf$/);
    const text = await pdfText(await import("node:fs/promises").then((fs) => download.path().then((file) => fs.readFile(file))));
    expect(text).toContain("Work starts within ten business days of acceptance.");
    expect(text).toContain("Monthly total: $188.36 per month");
    await customer.close();

    await page.goto(`${server.url}/admin`);
    const chase = page.getByTestId("today-quotes");
    const row = chase.getByRole("link").filter({ hasText: "Dana Whitfield" }).filter({ hasText: /Quote viewed/ }).first();
    await expect(row).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${leadId}$`));
  } finally {
    expect((await owner.put("/api/admin/quote-settings", { data: before })).status()).toBe(200);
  }
});

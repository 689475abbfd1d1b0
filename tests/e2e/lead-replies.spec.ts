import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { randomInt, randomUUID } from "node:crypto";
import path from "node:path";
import { mailtoLink } from "@/lib/reply-templates";
import { randomPhone, validContact } from "../support/api-request";
import { freePort, type RunningServer, startProductionServer } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, expectNoAxeViolations, expectNoHorizontalScroll, waitForHydration } from "./helpers";

/**
 * Answering leads from the desk (docs/lead-mail.md) in the browser: the reply templates
 * screen, and Reply on a lead, drafted in the e-mail app (`mailto:`) on a server without
 * SMTP and sent through the outbox to a local SMTP server on one with it. Each worker runs
 * both servers on fresh databases.
 */

const OWNER = "owner@example.com";
let drafting: RunningServer;
let sending: RunningServer;
let sink: SmtpSink;
let draftingDatabase: string;

async function startServer(name: string, outputDir: string, workerIndex: number, env: Record<string, string | undefined>): Promise<{ server: RunningServer; database: string }> {
  const port = await freePort();
  const database = path.join(outputDir, `${name}-${workerIndex}.db`);
  const server = await startProductionServer(
    {
      DATABASE_PATH: database,
      DATABASE_URL: undefined,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_PASSWORD_HASH: undefined,
      RATE_LIMIT_MULTIPLIER: "1000",
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    { port },
  );
  return { server, database };
}

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  sink = await startSmtpSink();
  const [withoutSmtp, withSmtp] = await Promise.all([
    startServer("replies-draft", testInfo.outputDir, testInfo.workerIndex, { SMTP_URL: undefined }),
    startServer("replies-send", testInfo.outputDir, testInfo.workerIndex, {
      SMTP_URL: sink.url,
      MAIL_FROM: "Saluda Ridge Website <website@example.com>",
      LEADS_TO: OWNER,
      OUTBOX_POLL_MS: "500",
    }),
  ]);
  drafting = withoutSmtp.server;
  draftingDatabase = withoutSmtp.database;
  sending = withSmtp.server;
});
test.afterAll(async () => {
  await Promise.all([drafting?.stop(), sending?.stop()]);
  await sink?.close();
});

type Lead = { id: number; name: string; email: string };

/** A new person writes through the public contact API of `server`; returns their lead. */
async function newContactLead(page: Page, server: RunningServer): Promise<Lead> {
  const tag = randomUUID().slice(0, 8);
  const contact = {
    ...validContact,
    name: `Dana Whitfield ${tag}`,
    email: `dana-${tag}@example.com`,
    phone: randomPhone(),
    message: `We need failover internet for two offices, ref ${tag}.`,
  };
  const response = await page.request.post(`${server.url}/api/contact`, { data: contact });
  expect(response.status(), await response.text()).toBe(201);
  const search = await page.request.get(`${server.url}/api/admin/leads?q=${encodeURIComponent(tag)}`);
  expect(search.status()).toBe(200);
  const { items } = (await search.json()) as { items: { id: number; name: string }[] };
  expect(items).toHaveLength(1);
  return { id: items[0]!.id, name: contact.name, email: contact.email };
}

async function logIn(page: Page, server: RunningServer): Promise<void> {
  const response = await page.request.post(`${server.url}/api/admin/login`, { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
}

/** Opens the lead, then its Reply dialog, and picks the first-reply template. */
async function openReply(page: Page, server: RunningServer, lead: Lead) {
  await page.goto(`${server.url}/admin/leads/${lead.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(lead.name);
  const reply = page.getByRole("button", { name: "Reply", exact: true });
  await waitForHydration(reply);
  await reply.click();
  const dialog = page.getByRole("dialog", { name: `Reply to ${lead.name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Template").selectOption({ label: "First reply to a contact request" });
  await expect(dialog.getByLabel("Subject")).toHaveValue("Your Managed Internet & Failover request");
  await expect(dialog.getByLabel("Text")).toHaveValue(new RegExp(`^Hi ${lead.name},\\n`));
  return dialog;
}

for (const width of [375, 1280]) {
  test.describe(`replies at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Several axe runs per test, two servers per worker, on shared cores.
    test.describe.configure({ timeout: 180_000 });

    test("the owner adds, edits and deletes a reply template, with the placeholders explained and refused when unknown", async ({ page }) => {
      await logIn(page, drafting);
      await page.goto(`${drafting.url}/admin/templates`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reply templates");
      // Below 640 px Templates is behind the tab bar's More.
      if (width < 640) await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "More" }).click();
      await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Templates" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByTestId("reply-template").filter({ hasText: "Survey follow-up" })).toBeVisible();
      const guide = page.getByRole("region", { name: "Placeholders" });
      await expect(guide).toContainText("{{employees}}");
      await expect(guide).toContainText("Employees, from the lead's latest survey");
      await expect(page.getByTestId("mail-mode")).toContainText("opens your own e-mail app");
      await expectNoHorizontalScroll(page, "templates");
      await expectNoAxeViolations(page, "templates");

      const name = `Site visit ${randomUUID().slice(0, 6)}`;
      const add = page.getByRole("button", { name: "Add a template" });
      await waitForHydration(add);
      await add.click();
      const form = page.getByRole("form", { name: "New template" });
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Subject").fill("A visit for {{business}}");
      await form.getByLabel("Text").fill("Hi {{name}},\nour price is {{price}}.");
      await expect(page.getByTestId("template-preview")).toContainText("A visit for Blue Heron Dental");
      await expect(page.getByTestId("template-preview")).toContainText("Hi Dana Whitfield,");
      await form.getByRole("button", { name: "Save template" }).click();
      await expect(form.getByText("Unknown placeholder {{price}}. Use only those listed.")).toBeVisible();
      await expect(form.getByLabel("Text")).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, "template form with an error");

      await form.getByLabel("Text").fill("Hi {{name}},\nwe can visit on Tuesday with {{devices}} devices in mind.");
      await form.getByRole("button", { name: "Save template" }).click();
      const item = page.getByTestId("reply-template").filter({ hasText: name });
      await expect(item).toContainText("we can visit on Tuesday with {{devices}} devices in mind.");
      await expect(form).toHaveCount(0);

      await item.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("form", { name: `Edit ${name}` });
      await edit.getByLabel("Subject").fill("Your site visit, {{name}}");
      await edit.getByRole("button", { name: "Save changes" }).click();
      await expect(item).toContainText("Subject: Your site visit, {{name}}");
      await expectNoHorizontalScroll(page, "templates after editing");

      page.once("dialog", (dialog) => void dialog.accept());
      await item.getByRole("button", { name: `Delete ${name}` }).click();
      await expect(item).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId("reply-template").filter({ hasText: "Survey follow-up" })).toBeVisible();
      await expect(page.getByTestId("reply-template").filter({ hasText: name })).toHaveCount(0);
    });

    test("without SMTP, Reply opens the filled template in the e-mail app and notes the draft on the timeline", async ({ page }) => {
      await logIn(page, drafting);
      const lead = await newContactLead(page, drafting);
      const dialog = await openReply(page, drafting, lead);
      await expect(dialog).toContainText("your e-mail app opens with the reply");
      await expect(dialog.getByRole("button", { name: "Send" })).toHaveCount(0);
      await dialog.getByLabel("Text").fill(`${await dialog.getByLabel("Text").inputValue()}\n\nP.S. Tuesday & Wednesday work for us.`);
      const subject = await dialog.getByLabel("Subject").inputValue();
      const body = await dialog.getByLabel("Text").inputValue();
      const open = dialog.getByRole("link", { name: "Open in e-mail app" });
      await expect(open).toHaveAttribute("href", mailtoLink(lead.email, subject, body));
      const href = new URL((await open.getAttribute("href"))!);
      expect(href.searchParams.get("body")).toContain("P.S. Tuesday & Wednesday work for us.");
      await expectNoHorizontalScroll(page, "reply dialog");
      await expectNoAxeViolations(page, "reply dialog");

      // The browser hands mailto: to the e-mail app; the page stays.
      await open.click();
      await expect(dialog).toHaveCount(0);
      const entry = page.getByTestId("timeline-entry").filter({ hasText: `E-mail drafted: ${subject}` });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText("P.S. Tuesday & Wednesday work for us.");
      // A reply answers a new lead, as a call does.
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Status: New → Contacted" })).toHaveCount(1);
      await expect(page.getByTestId("lead-speed")).toContainText("Answered in");
      await expectNoHorizontalScroll(page, "lead after the draft");
      await expectNoAxeViolations(page, "lead after the draft");
    });

    test("an empty reply opens no e-mail app, and a lead without an e-mail address cannot be replied to", async ({ page }) => {
      await logIn(page, drafting);
      const lead = await newContactLead(page, drafting);
      const dialog = await openReply(page, drafting, lead);
      await dialog.getByLabel("Text").fill("");
      await dialog.getByRole("link", { name: "Open in e-mail app" }).click();
      await expect(dialog.getByText("Write the e-mail's text.")).toBeVisible();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "E-mail drafted" })).toHaveCount(0);

      // A lead taken by phone, with no e-mail address.
      const database = new Database(draftingDatabase);
      let phoneOnly: number;
      try {
        const now = Date.now();
        const name = `Walk-in ${randomUUID().slice(0, 6)}`;
        phoneOnly = Number(
          database
            .prepare("insert into leads (name, phone, phone_key, first_submitted_at, last_submitted_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)")
            .run(name, "(864) 555-0110", `864${randomInt(1000000, 9999999)}`, now, now, now, now).lastInsertRowid,
        );
      } finally {
        database.close();
      }
      await page.goto(`${drafting.url}/admin/leads/${phoneOnly}`);
      const reply = page.getByRole("button", { name: "Reply", exact: true });
      await expect(reply).toBeDisabled();
      await expect(reply).toHaveAccessibleDescription("This lead has no e-mail address.");
      await expectNoAxeViolations(page, "lead without an e-mail");
    });

    test("with SMTP, the visitor is acknowledged at once and the reply is sent with the owner's reply-to and put on the timeline", async ({ page }) => {
      await logIn(page, sending);
      const lead = await newContactLead(page, sending);
      const to = (address: string) => sink.messages.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((item) => item.address === address));
      await expect.poll(() => to(lead.email).length, { timeout: 20_000, message: "the acknowledgement reaches the visitor" }).toBe(1);
      // The acknowledgement repeats nothing typed but a name that looks like one: this one has the tag's digits.
      expect(to(lead.email)[0]!.text).toMatch(/^Hello,\n/);
      expect(to(lead.email)[0]!.text).not.toContain(lead.name);

      const dialog = await openReply(page, sending, lead);
      await expect(dialog).toContainText("Sent from the website's e-mail address");
      await expect(dialog.getByRole("link", { name: "Open in e-mail app" })).toHaveCount(0);
      const subject = `Your visit, ${lead.name}`;
      await dialog.getByLabel("Subject").fill(subject);
      await expectNoAxeViolations(page, "reply dialog with SMTP");
      await dialog.getByRole("button", { name: "Send" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: "E-mail sent" })).toBeVisible();
      await expect(page.getByTestId("timeline-entry").filter({ hasText: `E-mail sent: ${subject}` })).toHaveCount(1);
      await expect(page.getByTestId("timeline-entry").filter({ hasText: "Status: New → Contacted" })).toHaveCount(1);

      await expect.poll(() => to(lead.email).length, { timeout: 20_000, message: "the reply reaches the lead" }).toBe(2);
      const sent = to(lead.email).find((mail) => mail.subject === subject)!;
      expect(sent.replyTo?.value.map((item) => item.address)).toEqual([OWNER]);
      expect(sent.text).toContain(`Hi ${lead.name},`);
      expect(sent.text).toContain("Best regards,");
      await expectNoHorizontalScroll(page, "lead after the reply");
      await expectNoAxeViolations(page, "lead after the reply");
    });
  });
}

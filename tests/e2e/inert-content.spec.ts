// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { logInAdmin } from "../support/admin-client";
import { validContact, validSurvey } from "../support/api-request";
import { freePort, startProductionServer, type RunningServer } from "../support/production-server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * Stored content is inert: script and HTML typed into any field of a lead comes out of
 * the CSV exports and the notification e-mails as text. (The admin pages are covered
 * by the admin UI's own end-to-end tests.)
 */

const ADMIN = { username: "admin", password: "inert-content-password-123" };

/** One payload per stored text field, each a different trick, each tagged so it can be found. */
const contactPayloads = {
  name: `<script>alert("name")</script> N1;=1+1`,
  phone: `<img src=x onerror=alert(1)>`,
  message: `</td></tr></table><svg onload=alert("message")><a href="javascript:alert(1)">click</a> =HYPERLINK("http://evil.example") M1\n=HYPERLINK("http://evil.example")\r\n+3+3\n@SUM(1,1)`,
};
const surveyPayloads = {
  businessName: `<iframe src="https://evil.example"></iframe> B1`,
  phoneNumber: `"><script>x()</script>`,
  address: `<style>body{display:none}</style> 1 Main St`,
  primaryInternetUse: `<body onload=alert(1)> streaming`,
  additionalComments: `@SUM(1+1) <script src="https://evil.example/x.js"></script>\r\nBcc: victim@example.com`,
};

/** Tags a well-formed notification may contain: the template's own, nothing a visitor wrote. */
const TEMPLATE_TAGS = new Set(["html", "head", "meta", "body", "h1", "table", "tbody", "tr", "th", "td", "p", "a"]);

/** The records of an export as a spreadsheet reads them (csv-parse, RFC 4180). */
function parseCsv(text: string): string[][] {
  return parse(text);
}

/**
 * The cell a spreadsheet shows for `value`: a formula at the start of a line (the cell's
 * first, or one after a line break) gets an apostrophe, and so does one after a semicolon,
 * where a `;`-separated locale would split the cell; a cell opening with a tab or CR too.
 */
const asCell = (value: string) =>
  value
    .split(/(\r\n|\r|\n)/)
    .map((line) =>
      line
        .split(";")
        .map((piece) => (/^[^\S\r\n]*[=+\-@]/.test(piece) ? piece.replace(/^([^\S\r\n]*)/, "$1'") : piece))
        .join(";"),
    )
    .join("")
    .replace(/^(?=[\t\r])/, "'");

test.describe("stored script and HTML stay text in CSV exports and e-mails", () => {
  test.describe.configure({ timeout: 90_000 });

  let server: RunningServer | undefined;
  let sink: SmtpSink | undefined;
  let dataDir: string | undefined;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "inert-content-"));
    sink = await startSmtpSink(await freePort());
    server = await startProductionServer({
      DATABASE_PATH: path.join(dataDir, "site.db"),
      DATABASE_URL: undefined,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_PASSWORD_HASH: undefined,
      RATE_LIMIT_MULTIPLIER: "100",
      SMTP_URL: sink.url,
      MAIL_FROM: "Saluda Ridge Website <website@example.com>",
      LEADS_TO: "owner@example.com",
      // Counts the owner's e-mails only (the visitor's acknowledgement: tests/api/lead-mail.test.ts).
      LEAD_ACKNOWLEDGEMENT: "off",
      OUTBOX_POLL_MS: "200",
    });
    const post = async (target: string, body: unknown) => {
      const response = await fetch(`${server!.url}${target}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(response.status, await response.clone().text()).toBe(201);
    };
    await post("/api/contact", { ...validContact, ...contactPayloads });
    await post("/api/survey", { ...validSurvey, ...surveyPayloads });
  });

  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("CSV exports are attachments of type text/csv, not sniffable as HTML, with every payload as the text of its cell", async () => {
    const cookie = await logInAdmin(server!.url, ADMIN);
    const exports = [
      { path: "/api/admin/contacts.csv", payloads: contactPayloads as Record<string, string> },
      { path: "/api/admin/surveys.csv", payloads: surveyPayloads as Record<string, string> },
    ];
    for (const { path: target, payloads } of exports) {
      const response = await fetch(`${server!.url}${target}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const [header, row, ...rest] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
      expect(rest).toEqual([]);
      for (const [field, value] of Object.entries(payloads)) {
        const column = header!.indexOf(field);
        expect(column, `${target} has a ${field} column`).toBeGreaterThanOrEqual(0);
        // Exactly what was typed (trimmed), formulas defused: text, not markup or a formula.
        expect(row![column], `${target} ${field}`).toBe(asCell(value.trim()));
      }
    }
  });

  test("notification e-mails carry every payload as escaped text in HTML and verbatim in plain text, with no injected header", async () => {
    await expect.poll(() => sink!.messages.length, { timeout: 20_000 }).toBe(2);
    for (const [kind, payloads] of [
      ["contact request", contactPayloads],
      ["connectivity survey", surveyPayloads],
    ] as const) {
      const mail = sink!.messages.find((message) => message.subject?.includes(kind));
      expect(mail, kind).toBeDefined();
      const html = mail!.html || "";
      const tags = new Set([...html.matchAll(/<\s*([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase()));
      expect([...tags].filter((tag) => !TEMPLATE_TAGS.has(tag)), `${kind}: tags a visitor wrote`).toEqual([]);
      expect(html, kind).not.toMatch(/<[^>]*\son\w+\s*=/i);
      // The one link is the template's own, to the lead in the desk (issue 29); nothing a visitor typed becomes a link.
      const links = [...html.matchAll(/<[^>]*\shref\s*=\s*"([^"]*)"/gi)].map((match) => match[1]);
      expect(links, kind).toEqual([expect.stringMatching(/^https?:\/\/[^/]+\/admin\/leads\/\d+$/)]);
      for (const value of Object.values(payloads)) {
        const escaped = value.trim().replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
        expect(html, kind).toContain(escaped.replace(/\r\n/g, "\n").split("\n")[0]);
        expect(mail!.text ?? "", kind).toContain(value.trim().replace(/\r\n/g, "\n").split("\n")[0]);
      }
      // A line break typed into a field never becomes a header: one recipient, no Bcc.
      expect(mail!.bcc).toBeUndefined();
      expect(mail!.to && "text" in mail!.to ? mail!.to.text : "").toBe("owner@example.com");
      expect(mail!.subject ?? "").not.toMatch(/[\r\n]/);
    }
  });
});

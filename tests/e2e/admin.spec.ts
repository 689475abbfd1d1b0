import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { validContact, validSurvey } from "../support/api-request";
import { freePort, startProductionServer, type RunningServer } from "../support/production-server";
import { expect, test } from "./fixtures";
import { E2E_ADMIN, listedSubmissionId } from "./helpers";

/**
 * The back office in the browser. The e2e server's database is shared by every
 * e2e test, so each test creates its own leads through the public API under
 * unique names and never assumes a list is empty (except on its own fresh server).
 */

const { username: USERNAME, password: PASSWORD } = E2E_ADMIN;
const SESSION_COOKIE = "sr_admin_session";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const SURVEY_CONFIRM = "Are you sure you want to delete this survey submission? This action cannot be undone.";
const CONTACT_CONFIRM = "Are you sure you want to delete this contact request? This action cannot be undone.";

const ALL_SURVEY_SERVICES = ["security-cameras", "web-design", "voip", "managed-it", "guest-wifi", "fiber", "starlink"];
const ALL_SURVEY_SERVICE_LABELS = [
  "IP Security Cameras",
  "Website Design",
  "VoIP Phone Systems",
  "Managed IT Services",
  "Guest WiFi Portal",
  "Fiber Internet",
  "Starlink Business",
];

type SurveyRow = typeof validSurvey & { id: number; createdAt: string; viewed: boolean };
type ContactRow = typeof validContact & { id: number; createdAt: string; viewed: boolean; source: string | null };

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function logIn(request: APIRequestContext, baseUrl = ""): Promise<void> {
  const response = await request.post(`${baseUrl}/api/admin/login`, { data: { username: USERNAME, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The suite's own server (playwright.config.ts's baseURL). */
const defaultBaseUrl = () => String(test.info().project.use.baseURL);

async function createSurvey(request: APIRequestContext, overrides: Partial<typeof validSurvey> = {}, baseUrl = ""): Promise<typeof validSurvey & { id: number }> {
  const survey = { ...validSurvey, businessName: unique("Blue Heron Dental"), ...overrides };
  const response = await request.post(`${baseUrl}/api/survey`, { data: survey });
  expect(response.status(), await response.text()).toBe(201);
  const id = await listedSubmissionId<{ id: number; businessName: string }>(baseUrl || defaultBaseUrl(), "surveys", (row) => row.businessName === survey.businessName);
  return { ...survey, id };
}

async function createContact(
  request: APIRequestContext,
  overrides: Partial<typeof validContact> & { source?: string } = {},
  baseUrl = "",
): Promise<typeof validContact & { id: number; source?: string }> {
  const contact = { ...validContact, name: unique("Dana Whitfield"), ...overrides };
  const response = await request.post(`${baseUrl}/api/contact`, { data: contact });
  expect(response.status(), await response.text()).toBe(201);
  const id = await listedSubmissionId<{ id: number; name: string }>(baseUrl || defaultBaseUrl(), "contacts", (row) => row.name === contact.name);
  return { ...contact, id };
}

async function listed<T extends { id: number }>(request: APIRequestContext, path: string, id: number): Promise<T | undefined> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return ((await response.json()) as T[]).find((row) => row.id === id);
}

/** Counts the browser requests that match, from now on. */
function countRequests(page: Page, matches: (request: Request) => boolean): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (matches(request)) count += 1;
  });
  return () => count;
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
// Not by role: while a modal dialog is open the table is aria-hidden, and the rows must still be found.
const surveyRow = (page: Page, name: string) => page.getByTestId("survey-row").filter({ has: page.locator("th", { hasText: exactly(name) }) });
const contactRow = (page: Page, name: string) => page.getByTestId("contact-row").filter({ has: page.locator("th", { hasText: exactly(name) }) });
const successToast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });
const errorToast = (page: Page) => page.locator('[data-variant="destructive"]');

/** The value next to a label in a detail dialog. */
const detail = (page: Page, label: string) => page.getByRole("dialog").locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations
    .map((violation) => `${violation.id}: ${violation.help}\n${violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(" ")}`).join("\n")}`)
    .join("\n");
  expect(violations.length, `${label}: axe violations\n${report}`).toBe(0);
}

async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.scroll, `${label} overflows horizontally`).toBeLessThanOrEqual(widths.viewport);
}

/** Every visible button and link in the given area is at least 44 px tall and wide. */
async function expectLargeTapTargets(page: Page, scope: string, label: string): Promise<void> {
  const small = await page.locator(scope).evaluate((root) =>
    [...root.querySelectorAll("button, a[href]")]
      .map((element) => ({ text: element.textContent?.trim() ?? "", box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.height < 44 || box.width < 44))
      .map(({ text, box }) => `${text} (${Math.round(box.width)}×${Math.round(box.height)})`),
  );
  expect(small, `${label}: tap targets smaller than 44 px`).toEqual([]);
}

test.describe("admin sign-in", () => {
  test("the server sends a visitor without a session to the login page before any screen renders", async ({ page, request }) => {
    for (const path of ["/admin", "/admin/leads", "/admin/leads/1", "/admin/surveys", "/admin/contacts", "/admin/account"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      // The login remembers the page asked for (issue 29), but the survey inbox sign-in lands on anyway.
      expect(response.headers()["location"], path).toBe(path === "/admin/surveys" ? "/admin/login" : `/admin/login?next=${encodeURIComponent(path)}`);
    }
    const apiRequests = countRequests(page, (request) => new URL(request.url()).pathname.startsWith("/api/admin/"));
    const seen: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    await page.goto("/admin/surveys");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    // No signed-out screen was ever shown: the browser went straight to the login page.
    expect(seen).toEqual(["/admin/login"]);
    expect(apiRequests()).toBe(0);
  });

  test("admin pages carry no site header or footer and ask search engines not to index them", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex, nofollow/);
    await expect(page).toHaveTitle(/Admin Login/);
    await expect(page.getByRole("link", { name: /Back to the website/ })).toHaveAttribute("href", "/");

    await logIn(page.request);
    await page.goto("/admin/surveys");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Submissions");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex, nofollow/);
  });

  test("login shows the required messages under empty fields and sends nothing", async ({ page }) => {
    const logins = countRequests(page, (request) => request.url().endsWith("/api/admin/login"));
    await page.goto("/admin/login");
    await expect(page.getByLabel("Username")).toBeVisible();
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Username").fill("admin");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Username is required")).toHaveCount(0);
    await expect(page.getByText("Password is required")).toBeVisible();
    expect(logins()).toBe(0);
  });

  test("a wrong password shows Logging in... while busy, then the Login Failed toast", async ({ page }) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/login", async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(USERNAME);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log In" }).click();
    const busy = page.getByRole("button", { name: "Logging in..." });
    await expect(busy).toBeDisabled();
    release();
    await expect(errorToast(page)).toContainText("Login Failed");
    await expect(errorToast(page)).toContainText("Invalid username or password.");
    await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  });

  test("too many attempts say how long to wait; a lost network reads as the Login Failed toast", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(USERNAME);
    await page.getByLabel("Password").fill(PASSWORD);

    await page.route("**/api/admin/login", (route) =>
      route.fulfill({ status: 429, headers: { "Retry-After": "120" }, json: { error: "Too many requests. Please try again later." } }),
    );
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(errorToast(page)).toContainText("Login Failed");
    await expect(errorToast(page)).toContainText("Too many login attempts. Please try again in 2 minutes.");

    await page.unrouteAll();
    await page.route("**/api/admin/login", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(errorToast(page)).toContainText("Login Failed");
    await expect(errorToast(page)).toContainText("Invalid username or password.");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("the right password shows Login Successful and opens the survey inbox", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(USERNAME);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Password").press("Enter");
    const toast = successToast(page, "Login Successful");
    await expect(toast).toContainText("Welcome to the admin dashboard");
    await expect(page).toHaveURL(/\/admin\/surveys$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Submissions");
    const cookie = (await page.context().cookies()).find((item) => item.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
  });

  test("logging out ends the session: the cookie is gone, the old token is refused and the inbox redirects again", async ({ page }) => {
    await logIn(page.request);
    await page.goto("/admin/surveys");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Submissions");
    const oldToken = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
    expect(oldToken).toBeTruthy();

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);

    const replay = await page.request.get("/api/admin/check-auth", { headers: { cookie: `${SESSION_COOKIE}=${oldToken}` } });
    expect(replay.status()).toBe(401);

    await page.goto("/admin/surveys");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe("back-office navigation", () => {
  test("/admin is Today, and an unknown admin path answers the site's 404 page", async ({ request, page }) => {
    await logIn(page.request);
    const index = await page.request.get("/admin", { maxRedirects: 0 });
    expect(index.status()).toBe(200);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
    await expect(page).toHaveTitle(/^Today \| /);
    for (const path of ["/admin/no-such-screen", "/admin/login/extra", "/admin/Surveys", "/admin/leads/abc", "/admin/leads/0"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const response = await page.goto("/admin/no-such-screen");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });

  test("the admin bar moves between the screens: titles follow, the current one is marked, back and forward work", async ({ page }) => {
    await logIn(page.request);
    await page.goto("/admin/surveys");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Survey Submissions");
    await expect(page).toHaveTitle(/^Survey Submissions \| /);
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: /^Surveys/ })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: /^Contacts/ }).click();
    await expect(page).toHaveURL(/\/admin\/contacts$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Requests");
    await expect(page).toHaveTitle(/^Contact Requests \| /);
    await expect(nav.getByRole("link", { name: /^Contacts/ })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: /^Today/ }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
    await nav.getByRole("link", { name: /^Leads/ }).click();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leads");

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Requests");
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
  });

  test("the back office works under its Content-Security-Policy: no violation while signing in, opening and deleting", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`));
    });
    const survey = await createSurvey(page.request);
    await page.goto("/admin/login");
    await page.getByLabel("Username").fill(USERNAME);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(successToast(page, "Login Successful")).toBeVisible();
    await surveyRow(page, survey.businessName).getByRole("button", { name: `View ${survey.businessName}` }).click();
    const dialog = page.getByRole("dialog", { name: survey.businessName });
    page.once("dialog", (confirm) => void confirm.accept());
    await dialog.getByRole("button", { name: "Delete Survey" }).click();
    await expect(successToast(page, "Survey Deleted")).toBeVisible();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(violations).toEqual([]);
  });
});

test.describe("survey inbox", () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page.request);
  });

  test("lists a new submission with its contact info, local date and time, and a New badge", async ({ page }) => {
    const survey = await createSurvey(page.request);
    const stored = await listed<SurveyRow>(page.request, "/api/admin/surveys", survey.id);
    expect(stored).toBeDefined();

    await page.goto("/admin/surveys");
    const row = surveyRow(page, survey.businessName);
    await expect(row).toHaveCount(1);
    const headers = await page.locator("thead th").evaluateAll((cells) => cells.map((cell) => [cell.textContent, cell.getAttribute("scope")]));
    expect(headers).toEqual([
      ["Business Name", "col"],
      ["Contact Info", "col"],
      ["Date Submitted", "col"],
      ["Status", "col"],
      ["Actions", "col"],
    ]);
    const localDate = await page.evaluate((iso) => new Date(iso).toLocaleString(), stored!.createdAt);
    await expect(row.getByRole("cell").nth(0)).toContainText(survey.email);
    await expect(row.getByRole("cell").nth(0)).toContainText(survey.phoneNumber);
    await expect(row.getByRole("cell").nth(1)).toHaveText(localDate);
    await expect(row.getByRole("cell").nth(2)).toHaveText("New");
    await expect(row.getByRole("button", { name: `View ${survey.businessName}` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Delete ${survey.businessName}` })).toBeVisible();
  });

  test("the detail dialog shows every answer with service labels, and opening marks it viewed exactly once", async ({ page }) => {
    const survey = await createSurvey(page.request, {
      employeeCount: 23,
      deviceCount: 57,
      phoneCount: 9,
      usesStreaming: true,
      hasPublicWifi: false,
      interestedServices: ALL_SURVEY_SERVICES,
      additionalComments: "Two locations.\nSecond floor needs WiFi.",
    });
    const viewPath = `/api/admin/surveys/${survey.id}/view`;
    const views = countRequests(page, (request) => request.method() === "POST" && new URL(request.url()).pathname === viewPath);
    await page.goto("/admin/surveys");
    const row = surveyRow(page, survey.businessName);
    await expect(row.getByText("New", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: `View ${survey.businessName}` }).click();
    const dialog = page.getByRole("dialog", { name: survey.businessName });
    await expect(dialog).toBeVisible();
    for (const heading of ["Business Information", "Internet Usage", "Phone System", "Interested Services", "Additional Comments"]) {
      await expect(dialog.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(detail(page, "Business Name")).toHaveText(survey.businessName);
    await expect(detail(page, "Email")).toHaveText(survey.email);
    await expect(detail(page, "Phone")).toHaveText(survey.phoneNumber);
    await expect(detail(page, "Address")).toHaveText(survey.address);
    await expect(detail(page, "Employees")).toHaveText("23");
    await expect(detail(page, "Devices")).toHaveText("57");
    await expect(detail(page, "Primary Use")).toHaveText(survey.primaryInternetUse);
    await expect(detail(page, "Uses Streaming")).toHaveText("Yes");
    await expect(detail(page, "Public WiFi")).toHaveText("No");
    await expect(detail(page, "Number of Phones")).toHaveText("9");
    await expect(dialog.getByRole("listitem")).toHaveText(ALL_SURVEY_SERVICE_LABELS);
    await expect(dialog.getByText("starlink", { exact: true })).toHaveCount(0);
    expect(await dialog.getByText("Two locations.").evaluate((element) => (element as HTMLElement).innerText)).toBe(
      "Two locations.\nSecond floor needs WiFi.",
    );
    await expect(dialog.getByRole("button", { name: "Delete Survey" })).toBeVisible();

    await expect(row.getByText("Viewed", { exact: true })).toHaveCount(1);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByRole("button", { name: `View ${survey.businessName}` })).toBeFocused();
    expect((await listed<SurveyRow>(page.request, "/api/admin/surveys", survey.id))?.viewed).toBe(true);

    // Opening it again, and again after a reload, sends nothing more.
    await row.getByRole("button", { name: `View ${survey.businessName}` }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await surveyRow(page, survey.businessName).getByRole("button", { name: `View ${survey.businessName}` }).click();
    await expect(page.getByRole("dialog", { name: survey.businessName })).toBeVisible();
    await page.waitForTimeout(500);
    expect(views()).toBe(1);
  });

  test("a survey without services or comments says None selected and None provided", async ({ page }) => {
    const survey = await createSurvey(page.request, { interestedServices: [], additionalComments: "" });
    await page.goto("/admin/surveys");
    await surveyRow(page, survey.businessName).getByRole("button", { name: `View ${survey.businessName}` }).click();
    const dialog = page.getByRole("dialog", { name: survey.businessName });
    await expect(dialog.getByText("None selected", { exact: true })).toBeVisible();
    await expect(dialog.getByText("None provided", { exact: true })).toBeVisible();
  });

  test("deleting after confirming removes the row and shows Survey Deleted", async ({ page }) => {
    const survey = await createSurvey(page.request);
    await page.goto("/admin/surveys");
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await surveyRow(page, survey.businessName).getByRole("button", { name: `Delete ${survey.businessName}` }).click();
    await expect(successToast(page, "Survey Deleted")).toContainText("The survey has been successfully deleted.");
    await expect(surveyRow(page, survey.businessName)).toHaveCount(0);
    expect(question).toBe(SURVEY_CONFIRM);
    expect(await listed(page.request, "/api/admin/surveys", survey.id)).toBeUndefined();
  });

  test("dismissing the confirmation keeps the row and sends no request", async ({ page }) => {
    const survey = await createSurvey(page.request);
    const deletes = countRequests(page, (request) => request.method() === "DELETE");
    await page.goto("/admin/surveys");
    page.once("dialog", (dialog) => void dialog.dismiss());
    await surveyRow(page, survey.businessName).getByRole("button", { name: `Delete ${survey.businessName}` }).click();
    await page.waitForTimeout(300);
    await expect(surveyRow(page, survey.businessName)).toHaveCount(1);
    expect(deletes()).toBe(0);
    expect(await listed(page.request, "/api/admin/surveys", survey.id)).toBeDefined();
  });

  test("Delete Survey in the dialog asks, deletes and closes the dialog", async ({ page }) => {
    const survey = await createSurvey(page.request);
    await page.goto("/admin/surveys");
    await surveyRow(page, survey.businessName).getByRole("button", { name: `View ${survey.businessName}` }).click();
    const dialog = page.getByRole("dialog", { name: survey.businessName });
    let question = "";
    page.once("dialog", (confirm) => {
      question = confirm.message();
      void confirm.accept();
    });
    await dialog.getByRole("button", { name: "Delete Survey" }).click();
    await expect(dialog).toHaveCount(0);
    expect(question).toBe(SURVEY_CONFIRM);
    await expect(successToast(page, "Survey Deleted")).toBeVisible();
    await expect(surveyRow(page, survey.businessName)).toHaveCount(0);
  });

  test("a failed delete shows the Error toast and keeps the row", async ({ page }) => {
    const survey = await createSurvey(page.request);
    await page.route(`**/api/admin/surveys/${survey.id}`, (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { error: "boom" } }) : route.continue(),
    );
    await page.goto("/admin/surveys");
    page.once("dialog", (dialog) => void dialog.accept());
    await surveyRow(page, survey.businessName).getByRole("button", { name: `Delete ${survey.businessName}` }).click();
    await expect(errorToast(page)).toContainText("Error");
    await expect(errorToast(page)).toContainText("Failed to delete the survey. Please try again.");
    await expect(surveyRow(page, survey.businessName)).toHaveCount(1);
  });

  test("a failing list shows Authentication Required with a Log In button", async ({ page }) => {
    await page.route("**/api/admin/surveys", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
    await page.goto("/admin/surveys");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Authentication Required");
    await expect(page.getByText("You need to be logged in as an administrator to view this page.")).toBeVisible();
    await page.getByRole("link", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a session lost while a screen is open: the next screen is the login page", async ({ page }) => {
    await page.goto("/admin/contacts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Requests");
    await page.context().clearCookies();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Surveys/ }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  });

  test("Download CSV gives the submissions as a spreadsheet-safe file", async ({ page }) => {
    const businessName = unique('=HYPERLINK("http://evil.example","Click")');
    const survey = await createSurvey(page.request, { businessName, address: "12 Pine St, Greenville, SC 29601" });
    await page.goto("/admin/surveys");
    await expect(surveyRow(page, businessName)).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^surveys-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    // Every cell quoted, so a ;-separated locale cannot split one either.
    expect(text.startsWith('"id","createdAt","status","businessName",')).toBe(true);
    const [header, ...rows] = parse(text) as string[][];
    expect(header).toEqual([
      "id", "createdAt", "status", "businessName", "email", "phoneNumber", "address", "employeeCount", "deviceCount",
      "primaryInternetUse", "usesStreaming", "hasPublicWifi", "phoneCount", "interestedServices", "additionalComments",
    ]);
    const row = rows.find((cells) => cells[0] === String(survey.id));
    expect(row).toBeDefined();
    expect(row![3]).toBe(`'${businessName}`);
    expect(row![4]).toBe(survey.email);
    expect(row![6]).toBe("12 Pine St, Greenville, SC 29601");
    expect(row![13]).toBe("VoIP Phone Systems; Starlink Business");
  });
});

test.describe("contact inbox", () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page.request);
  });

  test("lists requests and shows every field, the message's line breaks and where the visitor came from", async ({ page }) => {
    const message = "We need WiFi for a festival.\nTwo stages, 3000 guests.\n\nCall after 5 PM.";
    const quote = await createContact(page.request, { projectType: "other", source: "quote", message });
    const plain = await createContact(page.request, { projectType: "voip-phone-systems" });
    const viewPath = `/api/admin/contacts/${quote.id}/view`;
    const views = countRequests(page, (request) => request.method() === "POST" && new URL(request.url()).pathname === viewPath);

    await page.goto("/admin/contacts");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Requests");
    await expect(contactRow(page, quote.name)).toHaveCount(1);
    const headers = await page.locator("thead th").evaluateAll((cells) => cells.map((cell) => [cell.textContent, cell.getAttribute("scope")]));
    expect(headers).toEqual([
      ["Name", "col"],
      ["Contact Info", "col"],
      ["Project Type", "col"],
      ["Date Submitted", "col"],
      ["Status", "col"],
      ["Actions", "col"],
    ]);
    const row = contactRow(page, quote.name);
    await expect(row.getByRole("cell").nth(0)).toContainText(quote.email);
    await expect(row.getByRole("cell").nth(0)).toContainText(quote.phone);
    await expect(row.getByRole("cell").nth(1)).toHaveText("Other");
    await expect(row.getByRole("cell").nth(3)).toHaveText("New");
    await expect(contactRow(page, plain.name).getByRole("cell").nth(1)).toHaveText("VoIP Phone Systems");

    await row.getByRole("button", { name: `View ${quote.name}` }).click();
    const dialog = page.getByRole("dialog", { name: quote.name });
    await expect(dialog).toBeVisible();
    await expect(detail(page, "Name")).toHaveText(quote.name);
    await expect(detail(page, "Email")).toHaveText(quote.email);
    await expect(detail(page, "Phone")).toHaveText(quote.phone);
    await expect(detail(page, "Project Type")).toHaveText("Other");
    await expect(detail(page, "Came from")).toHaveText("Get a Free Quote");
    const shown = dialog.getByText("We need WiFi for a festival.");
    expect(await shown.evaluate((element) => (element as HTMLElement).innerText)).toBe(message);
    await expect(row.getByText("Viewed", { exact: true })).toHaveCount(1);
    await dialog.getByRole("button", { name: "Close" }).click();
    await row.getByRole("button", { name: `View ${quote.name}` }).click();
    await page.keyboard.press("Escape");
    await page.waitForTimeout(300);
    expect(views()).toBe(1);

    await contactRow(page, plain.name).getByRole("button", { name: `View ${plain.name}` }).click();
    await expect(detail(page, "Came from")).toHaveText("Contact page");
  });

  test("deleting a request asks first, then removes it with the Contact Request Deleted toast", async ({ page }) => {
    const contact = await createContact(page.request);
    await page.goto("/admin/contacts");
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.dismiss();
    });
    await contactRow(page, contact.name).getByRole("button", { name: `Delete ${contact.name}` }).click();
    await expect.poll(() => question).toBe(CONTACT_CONFIRM);
    await expect(contactRow(page, contact.name)).toHaveCount(1);

    page.once("dialog", (dialog) => void dialog.accept());
    await contactRow(page, contact.name).getByRole("button", { name: `Delete ${contact.name}` }).click();
    await expect(successToast(page, "Contact Request Deleted")).toContainText("The contact request has been successfully deleted.");
    await expect(contactRow(page, contact.name)).toHaveCount(0);
    expect(await listed<ContactRow>(page.request, "/api/admin/contacts", contact.id)).toBeUndefined();
  });

  test("a failed delete shows the contact Error toast", async ({ page }) => {
    const contact = await createContact(page.request);
    await page.route(`**/api/admin/contacts/${contact.id}`, (route) => route.fulfill({ status: 503, body: "" }));
    await page.goto("/admin/contacts");
    page.once("dialog", (dialog) => void dialog.accept());
    await contactRow(page, contact.name).getByRole("button", { name: `Delete ${contact.name}` }).click();
    await expect(errorToast(page)).toContainText("Failed to delete the contact request. Please try again.");
    await expect(contactRow(page, contact.name)).toHaveCount(1);
  });

  test("Download CSV gives the requests with formula cells defused", async ({ page }) => {
    const name = unique("@SUM(A1)");
    const contact = await createContact(page.request, { name, source: "quote", message: 'Hello, "team"\nsecond line' });
    await page.goto("/admin/contacts");
    await expect(contactRow(page, name)).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path())).toString("utf8");
    expect(text.startsWith('\uFEFF"id","createdAt","status","name","email","phone","projectType","source","message"\r\n')).toBe(true);
    const row = (parse(text.slice(1)) as string[][]).find((cells) => cells[0] === String(contact.id));
    expect(row?.slice(2)).toEqual(["New", `'${name}`, contact.email, contact.phone, "Managed Internet & Failover", "Get a Free Quote", 'Hello, "team"\nsecond line']);
  });
});

test.describe("visitor text in the admin", () => {
  test("script and HTML in every field of a contact request and a survey render as text and never run", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await logIn(page.request);
    const tag = randomUUID().slice(0, 8);
    const contact = await createContact(page.request, {
      name: `<img src=x onerror="window.__pwned=1"> ${tag}`,
      email: `xss-${tag}@example.com`,
      phone: "<svg onload=alert(1)>",
      projectType: "other",
      source: "quote",
      message: `<script>window.__pwned=1</script>\n<b onmouseover="alert(1)">bold</b> ${tag}`,
    });
    const survey = await createSurvey(page.request, {
      businessName: `<script>window.__pwned=1</script> ${tag}`,
      email: `xss-${tag}@example.com`,
      phoneNumber: "<svg onload=alert(1)>",
      address: `<img src=x onerror="window.__pwned=1">`,
      primaryInternetUse: `<iframe src="javascript:alert(1)"></iframe>`,
      additionalComments: `"><img src=x onerror=alert(1)> ${tag}`,
    });

    await page.goto("/admin/contacts");
    const cRow = contactRow(page, contact.name);
    await expect(cRow).toHaveCount(1);
    await expect(cRow.getByRole("cell").nth(0)).toContainText("<svg onload=alert(1)>");
    await cRow.getByRole("button", { name: `View ${contact.name}` }).click();
    await expect(page.getByRole("dialog", { name: contact.name })).toBeVisible();
    await expect(detail(page, "Name")).toHaveText(contact.name);
    await expect(detail(page, "Phone")).toHaveText(contact.phone);
    expect(await page.getByRole("dialog").getByText("<script>").evaluate((element) => (element as HTMLElement).innerText)).toBe(contact.message);
    await page.keyboard.press("Escape");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Surveys/ }).click();
    const sRow = surveyRow(page, survey.businessName);
    await expect(sRow).toHaveCount(1);
    await expect(sRow.getByRole("cell").nth(0)).toContainText(survey.phoneNumber);
    await sRow.getByRole("button", { name: `View ${survey.businessName}` }).click();
    await expect(page.getByRole("dialog", { name: survey.businessName })).toBeVisible();
    await expect(detail(page, "Business Name")).toHaveText(survey.businessName);
    await expect(detail(page, "Phone")).toHaveText(survey.phoneNumber);
    await expect(detail(page, "Address")).toHaveText(survey.address);
    await expect(detail(page, "Primary Use")).toHaveText(survey.primaryInternetUse);
    await expect(page.getByRole("dialog").getByText(survey.additionalComments, { exact: true })).toBeVisible();

    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expect(page.locator('img[src="x"], svg[onload], iframe, b[onmouseover]')).toHaveCount(0);
    await expect(page.locator("script", { hasText: "__pwned" })).toHaveCount(0);
  });
});

test.describe("admin accessibility and phone layout", () => {
  test("/admin/login has no WCAG 2.2 AA violations", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByLabel("Username")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/login");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/login with errors");
  });

  test("/admin/surveys with data and with the dialog open has no WCAG 2.2 AA violations", async ({ page }) => {
    test.setTimeout(60_000);
    await logIn(page.request);
    const survey = await createSurvey(page.request);
    await page.goto("/admin/surveys");
    await expect(surveyRow(page, survey.businessName)).toHaveCount(1);
    await expectNoAxeViolations(page, "/admin/surveys");
    await surveyRow(page, survey.businessName).getByRole("button", { name: `View ${survey.businessName}` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/surveys with the dialog open");
  });

  test("/admin/contacts with data and with the dialog open has no WCAG 2.2 AA violations", async ({ page }) => {
    test.setTimeout(60_000);
    await logIn(page.request);
    const contact = await createContact(page.request, { source: "quote" });
    await page.goto("/admin/contacts");
    await expect(contactRow(page, contact.name)).toHaveCount(1);
    await expectNoAxeViolations(page, "/admin/contacts");
    await contactRow(page, contact.name).getByRole("button", { name: `View ${contact.name}` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/contacts with the dialog open");
  });

  test("the Authentication Required state has no WCAG 2.2 AA violations", async ({ page }) => {
    await logIn(page.request);
    await page.route("**/api/admin/contacts", (route) => route.fulfill({ status: 401, json: { error: "Authentication required." } }));
    await page.goto("/admin/contacts");
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await expectNoAxeViolations(page, "authentication required");
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("login and both inboxes fit the screen, the table scrolls in its own box, and tap targets are large", async ({ page }) => {
      await page.goto("/admin/login");
      await expect(page.getByLabel("Username")).toBeVisible();
      await expectNoHorizontalOverflow(page, "/admin/login");
      await expectLargeTapTargets(page, "main", "/admin/login");

      await logIn(page.request);
      const survey = await createSurvey(page.request, { email: `a-very-long-mailbox-name-${randomUUID()}@an-extremely-long-domain-name.example` });
      const contact = await createContact(page.request, { message: `${"Unbroken".repeat(40)} message` });

      await page.goto("/admin/surveys");
      await expect(surveyRow(page, survey.businessName)).toHaveCount(1);
      await expectNoHorizontalOverflow(page, "/admin/surveys");
      await expectLargeTapTargets(page, "main", "/admin/surveys");
      const region = page.getByRole("region", { name: "Survey submissions" });
      expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await surveyRow(page, survey.businessName).getByRole("button", { name: `View ${survey.businessName}` }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoHorizontalOverflow(page, "/admin/surveys dialog");
      await expectLargeTapTargets(page, '[role="dialog"]', "survey dialog");
      const box = await page.getByRole("dialog").boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      await page.keyboard.press("Escape");

      await page.goto("/admin/contacts");
      await expect(contactRow(page, contact.name)).toHaveCount(1);
      await expectNoHorizontalOverflow(page, "/admin/contacts");
      await expectLargeTapTargets(page, "main", "/admin/contacts");
      await contactRow(page, contact.name).getByRole("button", { name: `View ${contact.name}` }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoHorizontalOverflow(page, "/admin/contacts dialog");
      const dialogBox = await page.getByRole("dialog").boundingBox();
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(375);
    });
  });
});

test.describe("on a fresh server", () => {
  let server: RunningServer;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    const port = await freePort();
    server = await startProductionServer(
      {
        DATABASE_PATH: path.join(testInfo.outputDir, "fresh-admin.db"),
        DATABASE_URL: undefined,
        ADMIN_USERNAME: USERNAME,
        ADMIN_PASSWORD: PASSWORD,
        ADMIN_PASSWORD_HASH: undefined,
        RATE_LIMIT_MULTIPLIER: "100",
        SITE_URL: `http://127.0.0.1:${port}`,
      },
      { port },
    );
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("empty inboxes say so, and the nav counts new items as they arrive and are opened", async ({ page }) => {
    await logIn(page.request, server.url);
    await page.goto(`${server.url}/admin/surveys`);
    await expect(page.getByRole("heading", { name: "No Submissions Yet" })).toBeVisible();
    await expect(page.getByText("Survey submissions will appear here once customers complete the survey.")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Surveys", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Contacts", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Surveys", exact: true })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Contacts", exact: true }).click();
    await expect(page.getByRole("heading", { name: "No Contact Requests Yet" })).toBeVisible();

    const first = await createSurvey(page.request, {}, server.url);
    const second = await createSurvey(page.request, {}, server.url);
    await createContact(page.request, {}, server.url);
    await page.goto(`${server.url}/admin/surveys`);
    await expect(nav.getByRole("link", { name: /^Surveys\s*,\s*2 new$/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /^Contacts\s*,\s*1 new$/ })).toBeVisible();
    await expect(page.getByTestId("survey-row")).toHaveCount(2);
    // Newest first.
    await expect(page.getByTestId("survey-row").first().getByRole("rowheader")).toHaveText(second.businessName);

    await surveyRow(page, first.businessName).getByRole("button", { name: `View ${first.businessName}` }).click();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: /^Surveys\s*,\s*1 new$/ })).toBeVisible();

    page.once("dialog", (dialog) => void dialog.accept());
    await surveyRow(page, second.businessName).getByRole("button", { name: `Delete ${second.businessName}` }).click();
    await expect(nav.getByRole("link", { name: "Surveys", exact: true })).toBeVisible();
    await expect(page.getByTestId("new-count-surveys")).toHaveCount(0);
    await expect(nav.getByRole("link", { name: /^Contacts\s*,\s*1 new$/ })).toBeVisible();
  });
});

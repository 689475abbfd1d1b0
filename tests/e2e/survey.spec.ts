import type { Page } from "@playwright/test";
import { startProductionServer, type RunningServer } from "../support/production-server";
import { expect, test } from "./fixtures";

const SERVICE_LABELS = [
  "IP Security Cameras",
  "Website Design",
  "VoIP Phone Systems",
  "Managed IT Services",
  "Guest WiFi Portal",
  "Fiber Internet",
  "Starlink Business",
];

/** Resolves once the page has had an idle period: idle callbacks queued before this one have run. */
async function untilIdle(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

async function fillValid(page: Page) {
  await page.getByLabel("Business Name").fill("Blue Heron Dental");
  await page.getByLabel("Email", { exact: true }).fill("office@blueheron.example");
  await page.getByLabel("Phone Number").fill("864-555-0123");
  await page.getByLabel("Business Address").fill("12 Pine St, Greenville, SC 29601");
  await page.getByLabel("Number of Employees").fill("12");
  await page.getByLabel("Connected Devices").fill("40");
  await page.getByLabel("Phone Lines Needed").fill("6");
  await page.getByLabel("Primary Internet Use").fill("Imaging and cloud charts");
}

test.describe("survey page", () => {
  test("shows the title, the form title, the defaults and the seven services", async ({ page }) => {
    await page.goto("/survey");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business Connectivity Interest Survey");
    await expect(page.getByRole("heading", { name: "Connectivity Requirements" })).toBeVisible();
    await expect(page.getByLabel("Number of Employees")).toHaveValue("1");
    await expect(page.getByLabel("Connected Devices")).toHaveValue("0");
    await expect(page.getByLabel("Phone Lines Needed")).toHaveValue("0");
    await expect(page.getByLabel("We stream video or music")).not.toBeChecked();
    await expect(page.getByLabel("We offer public WiFi to customers")).not.toBeChecked();
    for (const label of SERVICE_LABELS) await expect(page.getByLabel(label, { exact: true })).not.toBeChecked();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("shows every validation message of §5", async ({ page }) => {
    await page.goto("/survey");
    await page.getByLabel("Number of Employees").fill("0");
    await page.getByLabel("Connected Devices").fill("-1");
    await page.getByLabel("Phone Lines Needed").fill("-3");
    await page.getByLabel("Email", { exact: true }).fill("nope");
    await page.getByRole("button", { name: "Submit Survey" }).click();
    for (const message of [
      "Business name is required",
      "Invalid email address",
      "Phone number is required",
      "Address is required",
      "Must have at least one employee",
      "Primary internet use is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Must be a non-negative number", { exact: true })).toHaveCount(2);
    await expect(page.getByLabel("Business Name")).toHaveAttribute("aria-invalid", "true");
  });

  test("coerces numbers from text, shows Submitting..., then the toast and the Thank You panel", async ({ page }) => {
    await page.goto("/survey");
    await fillValid(page);
    await page.getByLabel("We stream video or music").check();
    await page.getByLabel("Starlink Business").check();
    await page.getByLabel("Fiber Internet").check();
    await page.getByLabel("Additional Comments").fill("Two locations.");
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/survey", async (route) => {
      await gate;
      await route.continue();
    });
    const requestPromise = page.waitForRequest("**/api/survey");
    await page.getByRole("button", { name: "Submit Survey" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    const body = (await requestPromise).postDataJSON();
    expect(body).toMatchObject({
      businessName: "Blue Heron Dental",
      employeeCount: 12,
      deviceCount: 40,
      phoneCount: 6,
      usesStreaming: true,
      hasPublicWifi: false,
      interestedServices: ["fiber", "starlink"],
      additionalComments: "Two locations.",
    });
    release();
    await expect(page.getByRole("status").filter({ hasText: "Interest Survey Submitted" })).toContainText(
      "Thank you for sharing your connectivity needs. Our team will contact you shortly.",
    );
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await page.getByRole("button", { name: "Submit Another Interest Form" }).click();
    await expect(page.getByLabel("Business Name")).toHaveValue("");
    await expect(page.getByLabel("Number of Employees")).toHaveValue("1");
    await expect(page.getByLabel("Starlink Business")).not.toBeChecked();
  });

  test("stays on the form with its values and shows the error toast when sending fails", async ({ page }) => {
    await page.goto("/survey");
    await fillValid(page);
    await page.route("**/api/survey", (route) => route.fulfill({ status: 500, body: "down" }));
    await page.getByRole("button", { name: "Submit Survey" }).click();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("There was a problem submitting your survey. Please try again.");
    await expect(page.getByLabel("Business Name")).toHaveValue("Blue Heron Dental");
    await expect(page.getByRole("button", { name: "Submit Survey" })).toBeEnabled();
  });

  test("without a maps key the address is a plain input and no maps script is requested", async ({ page }) => {
    const mapsRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("maps.googleapis.com")) mapsRequests.push(request.url());
    });
    await page.goto("/survey");
    await page.getByLabel("Business Address").fill("1 Main St");
    // The loader would run from an idle callback queued at hydration: let the page go idle once.
    await untilIdle(page);
    expect(mapsRequests).toEqual([]);
    await expect(page.locator("script[src*='maps.googleapis.com']")).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("submits on a server-rendered page and shows the Thank You panel", async ({ page }) => {
      await page.goto("/survey");
      await fillValid(page);
      await page.getByLabel("Guest WiFi Portal").check();
      await page.getByRole("button", { name: "Submit Survey" }).click();
      await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
      await expect(page).toHaveURL(/\/survey$/);
      await expect(page.getByRole("link", { name: "Submit Another Interest Form" })).toHaveAttribute("href", "/survey");
    });
  });
});

test.describe("survey address suggestions with a maps key", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    server = await startProductionServer({
      GOOGLE_MAPS_API_KEY: "test-key-123",
      DATABASE_PATH: `${testInfo.outputDir}/maps.db`,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("loads the Places library for US street addresses and fills the chosen formatted address", async ({ page }) => {
    let scriptUrl = "";
    await page.route("https://maps.googleapis.com/**", async (route) => {
      scriptUrl = route.request().url();
      // A stand-in for the Places library that records its options and lets the test pick a place.
      await route.fulfill({
        contentType: "text/javascript",
        body: `window.google = { maps: { places: { Autocomplete: function (input, options) {
          window.__placesOptions = options;
          var handlers = [];
          this.addListener = function (name, fn) { if (name === "place_changed") handlers.push(fn); };
          this.getPlace = function () { return { formatted_address: "300 S Main St, Greenville, SC 29601, USA" }; };
          window.__choosePlace = function () { handlers.forEach(function (fn) { fn(); }); };
        } } } };`,
      });
    });
    await page.goto(`${server.url}/survey`);
    // The form has hydrated (the page fixture waits for it), and the library is not fetched
    // until the visitor reaches the address field (issue 32).
    await page.getByLabel("Business Name").focus();
    await page.waitForLoadState("networkidle");
    expect(scriptUrl).toBe("");
    await page.getByLabel("Business Address").focus();
    await expect.poll(() => scriptUrl).toContain("libraries=places");
    expect(scriptUrl).toContain("key=test-key-123");
    await expect.poll(() => page.evaluate(() => (window as unknown as { __placesOptions?: unknown }).__placesOptions)).toEqual({
      componentRestrictions: { country: "us" },
      types: ["address"],
      fields: ["formatted_address"],
    });
    await page.evaluate(() => (window as unknown as { __choosePlace: () => void }).__choosePlace());
    await expect(page.getByLabel("Business Address")).toHaveValue("300 S Main St, Greenville, SC 29601, USA");
  });

  test("ignores a maps set-up failure and keeps a working text field", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.route("https://maps.googleapis.com/**", (route) => route.fulfill({ status: 500, body: "" }));
    const mapsFailed = page.waitForResponse((response) => response.url().startsWith("https://maps.googleapis.com/"));
    await page.goto(`${server.url}/survey`);
    await page.getByLabel("Business Address").focus();
    await mapsFailed;
    await untilIdle(page);
    await page.getByLabel("Business Address").fill("9 Oak Ave, Taylors, SC");
    await expect(page.getByLabel("Business Address")).toHaveValue("9 Oak Ave, Taylors, SC");
    await expect(page.getByText("Start typing to see address suggestions.")).toBeVisible();
    expect(errors).toEqual([]);
  });
});

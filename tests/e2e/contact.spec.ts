import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";

const valid = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "(864) 555-0199",
  message: "We need WiFi for a two-day festival in April.",
};

async function fillValid(page: Page, projectType = "web-design") {
  await page.getByLabel("Your Name").fill(valid.name);
  await page.getByLabel("Email Address").fill(valid.email);
  await page.getByLabel("Phone Number").fill(valid.phone);
  await page.getByLabel("Project Type").selectOption(projectType);
  await page.getByLabel("Your Message").fill(valid.message);
}

/** Holds the API call until released, so the busy state can be observed. */
function holdRoute(page: Page, url: string) {
  let release: (handler: (route: Route) => Promise<void>) => void = () => undefined;
  const gate = new Promise<(route: Route) => Promise<void>>((resolve) => (release = resolve));
  void page.route(url, async (route) => (await gate)(route));
  return (handler: (route: Route) => Promise<void>) => release(handler);
}

test.describe("contact page", () => {
  test("shows the heading, the info column and the service-area box", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    const info = page.locator("text=Get in touch").locator("..");
    await expect(info.getByRole("link", { name: /Travelers Rest/ })).toHaveAttribute("href", /google\.com\/maps/);
    await expect(info.locator('a[href^="tel:"]')).toBeVisible();
    const mail = info.locator('a[href^="mailto:"]');
    await expect(mail).toBeVisible();
    await expect(info).toContainText("Monday – Friday: 8:30 AM – 5:30 PM");
    await expect(info).toContainText("By appointment");
    const area = page.getByRole("heading", { name: "Service Area" }).locator("..");
    await expect(area).toContainText("SC: Greenville, Spartanburg, Columbia");
    await expect(area).toContainText("NC: Asheville, Charlotte, Raleigh");
    await expect(area).toContainText("GA: Atlanta, Athens");
    await expect(area).toContainText("nationwide");
  });

  test("lists the fields in order with their labels and placeholders", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    // The honeypot's label sits inside an aria-hidden box: people never meet it.
    const labels = await form.locator(':not([aria-hidden="true"]) > label').allTextContents();
    expect(labels).toEqual(["Your Name", "Email Address", "Phone Number", "Project Type", "Your Message"]);
    await expect(page.getByLabel("Your Name")).toHaveAttribute("placeholder", "Full Name");
    const email = await page.locator('a[href^="mailto:"]').first().textContent();
    await expect(page.getByLabel("Email Address")).toHaveAttribute("placeholder", email ?? "");
    await expect(page.getByLabel("Your Message")).toHaveAttribute("placeholder", "Tell us about your project or inquiry...");
    await expect(page.getByLabel("Project Type").locator("option").first()).toHaveText("Select a service");
    const options = await page.getByLabel("Project Type").locator("option").allTextContents();
    expect(options.slice(1)).toEqual([
      "Temporary Event Internet",
      "Managed Internet & Failover",
      "VoIP Phone Systems",
      "Security Cameras",
      "Network Cabling",
      "IT Support",
      "Web Design & Hosting",
      "Other",
    ]);
    const box = await page.getByLabel("Your Message").boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(120);
  });

  test("puts email and phone side by side on wide screens and stacks them on phones", async ({ page }) => {
    await page.goto("/contact");
    const emailBox = await page.getByLabel("Email Address").boundingBox();
    const phoneBox = await page.getByLabel("Phone Number").boundingBox();
    expect(Math.abs((emailBox?.y ?? 0) - (phoneBox?.y ?? 1))).toBeLessThan(2);
    await page.setViewportSize({ width: 375, height: 800 });
    const emailNarrow = await page.getByLabel("Email Address").boundingBox();
    const phoneNarrow = await page.getByLabel("Phone Number").boundingBox();
    expect((phoneNarrow?.y ?? 0) - (emailNarrow?.y ?? 0)).toBeGreaterThan(40);
  });

  test("shows every validation message under its field", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your Name").fill("J");
    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByLabel("Phone Number").fill("12345");
    await page.getByLabel("Your Message").fill("short");
    await page.getByRole("button", { name: "Send Message" }).click();
    const expectations: [string, string][] = [
      ["Your Name", "Name must be at least 2 characters."],
      ["Email Address", "Please enter a valid email address."],
      ["Phone Number", "Please enter a valid phone number."],
      ["Project Type", "Please select a project type."],
      ["Your Message", "Message must be at least 10 characters."],
    ];
    for (const [label, message] of expectations) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      const describedBy = await field.getAttribute("aria-describedby");
      expect(describedBy).toBeTruthy();
      await expect(page.locator(`#${describedBy!.split(" ").pop()!.replace(/:/g, "\\:")}`)).toHaveText(message);
    }
  });

  test("sends, shows Sending... while busy, then the success toast and a reset form", async ({ page }) => {
    await page.goto("/contact?service=web-design");
    await fillValid(page);
    const release = holdRoute(page, "**/api/contact");
    const requestPromise = page.waitForRequest("**/api/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    const busy = page.getByRole("button", { name: "Sending..." });
    await expect(busy).toBeDisabled();
    const request = await requestPromise;
    expect(request.postDataJSON()).toMatchObject({ ...valid, projectType: "web-design", source: "web-design" });
    release((route) => route.continue());
    const toast = page.getByRole("status").filter({ hasText: "Message Sent" });
    await expect(toast).toContainText("Thank you for contacting us. We'll get back to you soon!");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(page.getByLabel("Your Name")).toHaveValue("");
    await expect(page.getByLabel("Your Message")).toHaveValue("");
    await expect(page.getByLabel("Project Type")).toHaveValue("web-design");
  });

  test("keeps the values and shows the error toast when the server fails", async ({ page }) => {
    await page.goto("/contact");
    await fillValid(page, "it-support");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("There was a problem sending your message. Please try again.");
    await expect(page.getByLabel("Your Name")).toHaveValue(valid.name);
    await expect(page.getByLabel("Project Type")).toHaveValue("it-support");
    await expect(page.getByLabel("Your Message")).toHaveValue(valid.message);
  });

  test("treats a network failure like a server failure", async ({ page }) => {
    await page.goto("/contact");
    await fillValid(page);
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator('[data-variant="destructive"]')).toContainText("There was a problem sending your message.");
    await expect(page.getByLabel("Email Address")).toHaveValue(valid.email);
  });

  for (const [service, expected] of [
    ["security-cameras", "security-cameras"],
    ["quote", "other"],
    ["consultation", "other"],
    ["event-wifi", "temporary-event-internet"],
    ["starlink", "managed-internet"],
    ["sd-wan", "managed-internet"],
    ["network-consultation", "managed-internet"],
    ["starlink-consultation", "managed-internet"],
  ] as const) {
    test(`preselects ${expected} for ?service=${service} and keeps the source`, async ({ page }) => {
      await page.goto(`/contact?service=${service}`);
      await expect(page.getByLabel("Project Type")).toHaveValue(expected);
      await page.getByLabel("Your Name").fill(valid.name);
      await page.getByLabel("Email Address").fill(valid.email);
      await page.getByLabel("Phone Number").fill(valid.phone);
      await page.getByLabel("Your Message").fill(valid.message);
      const requestPromise = page.waitForRequest("**/api/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      expect((await requestPromise).postDataJSON()).toMatchObject({ projectType: expected, source: service });
    });
  }

  test("an unknown ?service= value leaves the placeholder selected, never an invisible value", async ({ page }) => {
    await page.goto("/contact?service=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    await expect(page.getByLabel("Project Type")).toHaveValue("");
    await expect(page.getByLabel("Project Type").locator("option:checked")).toHaveText("Select a service");
  });

  test("only one toast is visible at a time", async ({ page }) => {
    await page.goto("/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 503, body: "" }));
    await fillValid(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-variant]")).toHaveCount(1);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator('[data-variant][data-state="open"]')).toHaveCount(1);
  });

  test("the honeypot is hidden from people and assistive technology", async ({ page }) => {
    await page.goto("/contact");
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap.locator("xpath=ancestor::*[@aria-hidden='true']")).toHaveCount(1);
    const box = await trap.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThan(0);
  });
});

test.describe("toasts", () => {
  async function showErrorToast(page: Page) {
    await page.goto("/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
    await fillValid(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast).toBeVisible();
    return toast;
  }

  test("close after 5000 ms", async ({ page }) => {
    await page.clock.install();
    const toast = await showErrorToast(page);
    await page.clock.runFor(4000);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1500);
    await expect(page.locator('[data-variant][data-state="open"]')).toHaveCount(0);
  });

  test("swipe right past 50 px dismisses, a shorter swipe does not", async ({ page }) => {
    const toast = await showErrorToast(page);
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 70, y, { steps: 5 });
    await page.mouse.up();
    await expect(toast).toHaveAttribute("data-state", "open");
    await page.mouse.move(box.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, y, { steps: 8 });
    await page.mouse.up();
    await expect(page.locator('[data-variant][data-state="open"]')).toHaveCount(0);
  });

  test("F8 moves focus to the notifications viewport, which is at most 420 px wide", async ({ page }) => {
    await showErrorToast(page);
    await page.keyboard.press("F8");
    const viewport = page.getByRole("region", { name: /Notifications/ });
    await expect(viewport.locator("ol")).toBeFocused();
    const width = (await viewport.locator("ol").boundingBox())?.width ?? 0;
    expect(width).toBeLessThanOrEqual(420);
  });

  test("a toast raised before the toaster island has hydrated shows once it does (the store is shared across islands)", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/toaster\.[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "" }));
    await fillValid(page);
    const answered = page.waitForResponse("**/api/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await answered;
    // The form has raised its toast (it is idle again) while the toaster's code is still held.
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(page.locator("[data-variant]")).toHaveCount(0);
    release();
    await expect(page.locator('[data-variant="destructive"]')).toContainText("There was a problem sending your message.");
  });

  test("are announced to screen readers", async ({ page }) => {
    await showErrorToast(page);
    await expect(page.locator('[aria-live]').filter({ hasText: "There was a problem" })).not.toHaveCount(0);
  });
});

test("a message sent before the form has hydrated (it waits for the first paint and its code) is posted and confirmed all the same", async ({ page }) => {
  // Hold the form's code: until it runs, the page is the server's HTML, as for a visitor on a slow phone.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/contact-form\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // "commit": the page fixture would otherwise wait for the hydration this test holds back.
  await page.goto("/contact", { waitUntil: "commit" });
  await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  await expect(page.locator('astro-island[client="painted"][ssr]:has(form)')).toHaveCount(1);
  await fillValid(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toContainText("Message Sent");
  await expect(page.getByRole("status")).toContainText("Thank you for contacting us. We'll get back to you soon!");
  release();
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("still sends the request and confirms it on a server-rendered page", async ({ page }) => {
    await page.goto("/contact?service=event-wifi");
    await expect(page.getByLabel("Project Type")).toHaveValue("temporary-event-internet");
    await page.getByLabel("Your Name").fill(valid.name);
    await page.getByLabel("Email Address").fill(valid.email);
    await page.getByLabel("Phone Number").fill(valid.phone);
    await page.getByLabel("Your Message").fill(valid.message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Message Sent");
    await expect(page.getByRole("status")).toContainText("Thank you for contacting us. We'll get back to you soon!");
  });

  test("shows the field errors and keeps the values", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your Name").fill(valid.name);
    await page.getByLabel("Email Address").fill("nope");
    await page.getByLabel("Your Message").fill(valid.message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(page.getByText("Please select a project type.")).toBeVisible();
    await expect(page.getByLabel("Your Name")).toHaveValue(valid.name);
    await expect(page.getByLabel("Email Address")).toHaveValue("nope");
    await expect(page.getByLabel("Your Message")).toHaveValue(valid.message);
    await expect(page.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
  });
});

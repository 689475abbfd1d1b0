import type { Locator, Page } from "@playwright/test";
import { footerLegalLinks, footerQuickLinks, footerServiceLinks, headerMenus } from "@/content/navigation";
import { expect, test } from "./fixtures";
import { accessibleExpanded, hrefsOf } from "./helpers";

/** §2 header menus, as the spec names their entries. */
const SPEC_MENUS = {
  Services: ["Event Internet", "Managed IT Services", "Rural Connectivity", "Video Conferencing"],
  Industries: ["Construction", "Events & Entertainment", "Healthcare", "Education"],
} as const;

type MenuLabel = keyof typeof SPEC_MENUS;

function expectedHrefs(label: MenuLabel): string[] {
  const menu = headerMenus.find((candidate) => candidate.label === label);
  if (!menu) throw new Error(`navigation.ts has no ${label} menu`);
  return SPEC_MENUS[label].map((itemLabel) => {
    const item = menu.items.find((candidate) => candidate.label === itemLabel);
    if (!item) throw new Error(`navigation.ts has no "${itemLabel}" item in ${label}`);
    return item.href;
  });
}

/** The chevron of a header menu: a native popover button; its keyboard script runs before the load event goto waits for. */
function openTrigger(page: Page, label: MenuLabel): Locator {
  return page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: `${label} menu` });
}

async function expectMenuItems(page: Page, label: MenuLabel): Promise<void> {
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const items = menu.getByRole("menuitem");
  await expect(items).toHaveText([...SPEC_MENUS[label]]);
  expect(await hrefsOf(items)).toEqual(expectedHrefs(label));
}

test.describe("desktop header", () => {
  for (const label of Object.keys(SPEC_MENUS) as MenuLabel[]) {
    test(`${label} dropdown opens with a mouse click and closes with Escape`, async ({ page }) => {
      await page.goto("/about");
      const trigger = openTrigger(page, label);
      await expect.poll(() => accessibleExpanded(trigger)).toBe(false);
      await expect(page.getByRole("menu")).toHaveCount(0);
      await trigger.click();
      await expect.poll(() => accessibleExpanded(trigger)).toBe(true);
      await expectMenuItems(page, label);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(trigger).toBeFocused();
      await expect.poll(() => accessibleExpanded(trigger)).toBe(false);
    });

    test(`${label} dropdown opens from the keyboard with Enter, Space and ArrowDown`, async ({ page }) => {
      await page.goto("/about");
      const trigger = openTrigger(page, label);
      for (const key of ["Enter", "Space", "ArrowDown"]) {
        await trigger.focus();
        await page.keyboard.press(key);
        await expectMenuItems(page, label);
        // Focus moves into the menu, on its first entry.
        await expect(page.getByRole("menuitem").first()).toBeFocused();
        await page.keyboard.press("ArrowDown");
        await expect(page.getByRole("menuitem").nth(1)).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(page.getByRole("menu"), `menu closes after opening with ${key}`).toHaveCount(0);
        await expect(trigger, `focus returns to the trigger after opening with ${key}`).toBeFocused();
      }
    });
  }

  test("choosing a menu entry navigates to it", async ({ page }) => {
    await page.goto("/about");
    const trigger = openTrigger(page, "Services");
    await trigger.click();
    await page.getByRole("menuitem", { name: "Event Internet" }).click();
    await expect(page).toHaveURL(/\/services\/temporary-event-internet$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Temporary Event Internet");
  });

  test("header links: menus, Case Studies, About, Blog, Get Started and the phone", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute("href", "/services");
    await expect(nav.getByRole("link", { name: "Industries", exact: true })).toHaveAttribute("href", "/industries");
    await expect(nav.getByRole("link", { name: "Case Studies", exact: true })).toHaveAttribute("href", "/case-studies");
    await expect(nav.getByRole("link", { name: "About", exact: true })).toHaveAttribute("href", "/about");
    await expect(nav.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute("href", "/blog");
    const getStarted = header.getByRole("link", { name: "Get Started", exact: true });
    await expect(getStarted).toBeVisible();
    await expect(getStarted).toHaveAttribute("href", "/contact");
    const phone = header.locator("a[href^='tel:']").filter({ visible: true });
    await expect(phone).toHaveCount(1);
    await expect(phone).toHaveText(/\(\d{3}\) \d{3}-\d{4}/);
    await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(header.getByRole("link", { name: "Saluda Ridge Technologies", exact: true })).toHaveAttribute("href", "/");
  });
});

test.describe("footer", () => {
  test("service links, quick links, contact details and legal links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");

    const serviceList = footer.locator("div").filter({ has: page.getByRole("heading", { name: "Services", exact: true }) }).last();
    const serviceLinks = serviceList.getByRole("link");
    await expect(serviceLinks).toHaveCount(9);
    await expect(serviceLinks).toHaveText(footerServiceLinks.map((link) => link.label));
    expect(await hrefsOf(serviceLinks)).toEqual(footerServiceLinks.map((link) => link.href));
    // §2: the nine services the footer names.
    for (const name of [
      /temporary event internet/i,
      /managed internet/i,
      /starlink/i,
      /^voip phone systems$/i,
      /greenville voip/i,
      /security cameras/i,
      /network cabling/i,
      /it support/i,
      /web design/i,
    ]) {
      await expect(serviceLinks.filter({ hasText: name })).toHaveCount(1);
    }
    await expect(serviceLinks.filter({ hasText: /greenville voip/i })).toHaveAttribute("href", "/greenville-voip");

    const quickList = footer.locator("div").filter({ has: page.getByRole("heading", { name: "Quick Links", exact: true }) }).last();
    const quickLinks = quickList.getByRole("link");
    await expect(quickLinks).toHaveText(footerQuickLinks.map((link) => link.label));
    expect(await hrefsOf(quickLinks)).toEqual(footerQuickLinks.map((link) => link.href));

    const contact = footer.locator("div").filter({ has: page.getByRole("heading", { name: "Contact", exact: true }) }).last();
    await expect(contact.locator("a[href^='tel:+1']")).toHaveCount(1);
    await expect(contact.locator("a[href^='mailto:']")).toHaveCount(1);
    await expect(contact).toContainText("Travelers Rest");
    await expect(contact).toContainText("8:30 AM");
    await expect(contact).toContainText("By appointment");

    for (const [name, href] of [
      ["Privacy", "/privacy"],
      ["Terms", "/terms"],
      ["Sitemap", "/sitemap"],
    ] as const) {
      await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
    }
    expect(footerLegalLinks.map((link) => link.href)).toEqual(["/privacy", "/terms", "/sitemap"]);
  });

  test("no social icons are rendered when no social URL is configured", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
    await expect(
      footer.locator("a[href*='facebook.com'], a[href*='twitter.com'], a[href*='x.com'], a[href*='linkedin.com'], a[href*='instagram.com'], a[href*='youtube.com']"),
    ).toHaveCount(0);
    // No placeholder links anywhere in the footer.
    await expect(footer.locator("a[href='#'], a[href='']")).toHaveCount(0);
  });
});

test.describe("mobile menu at 375×812", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  async function openMenu(page: Page): Promise<{ toggle: Locator; dialog: Locator }> {
    // A CSS locator: while the modal <dialog> is open, the rest of the page is inert and out of the accessibility tree.
    const toggle = page.locator("header button[aria-label='Open menu']");
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    return { toggle, dialog };
  }

  const focusIsInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

  test("desktop nav is hidden; the toggle opens a focus-trapped dialog that Escape closes", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const { toggle, dialog } = await openMenu(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(await focusIsInside(dialog)).toBe(true);

    const focusableCount = await dialog.locator("a[href], button").count();
    expect(focusableCount).toBeGreaterThan(5);
    for (let i = 0; i < focusableCount + 2; i += 1) {
      await page.keyboard.press("Tab");
      expect(await focusIsInside(dialog), `focus stays inside the menu after ${i + 1} Tab presses`).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusIsInside(dialog), "focus stays inside the menu on Shift+Tab").toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("the menu lists the spec entries and a link navigates and closes it", async ({ page }) => {
    await page.goto("/");
    const { dialog } = await openMenu(page);
    for (const label of Object.keys(SPEC_MENUS) as MenuLabel[]) {
      await expect(dialog.getByRole("link", { name: label, exact: true })).toBeVisible();
      for (const [index, item] of SPEC_MENUS[label].entries()) {
        await expect(dialog.getByRole("link", { name: item, exact: true }).first()).toHaveAttribute("href", expectedHrefs(label)[index]!);
      }
    }
    for (const name of ["Case Studies", "About", "Blog"]) await expect(dialog.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Get Started", exact: true })).toHaveAttribute("href", "/contact");
    await expect(dialog.locator("a[href^='tel:']")).toBeVisible();

    await dialog.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("every visible link and button in the header and the open menu is at least 44 px", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");

    async function undersized(scope: Locator): Promise<string[]> {
      return scope.locator("a, button").evaluateAll((elements) =>
        elements
          .filter((el) => {
            const style = getComputedStyle(el);
            const box = el.getBoundingClientRect();
            return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0;
          })
          .filter((el) => {
            const box = el.getBoundingClientRect();
            const isTextLink = el.tagName === "A" && (el.textContent ?? "").trim().length > 0;
            return box.height < 44 || (!isTextLink && box.width < 44);
          })
          .map((el) => {
            const box = el.getBoundingClientRect();
            return `${el.tagName} "${(el.textContent || el.getAttribute("aria-label") || "").trim()}" ${box.width.toFixed(0)}×${box.height.toFixed(0)}`;
          }),
      );
    }

    const headerControls = await header.locator("a, button").filter({ visible: true }).count();
    expect(headerControls).toBeGreaterThanOrEqual(3);
    expect(await undersized(header), "undersized header targets").toEqual([]);

    const { dialog } = await openMenu(page);
    expect(await dialog.locator("a, button").filter({ visible: true }).count()).toBeGreaterThan(10);
    expect(await undersized(dialog), "undersized menu targets").toEqual([]);
  });
});

test("every footer link is at least 44 px tall on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  const links = page.getByRole("contentinfo").getByRole("link");
  const count = await links.count();
  expect(count).toBeGreaterThan(15);
  for (let index = 0; index < count; index += 1) {
    const box = await links.nth(index).boundingBox();
    expect(box!.height, (await links.nth(index).textContent()) ?? "").toBeGreaterThanOrEqual(44);
  }
});

import { expect, test } from "./fixtures";

test("home page renders the hero headline", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bridging Your Technology to Success");
});

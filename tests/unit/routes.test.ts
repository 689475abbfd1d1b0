import { describe, expect, it } from "vitest";
import { footerLegalLinks, footerQuickLinks, footerServiceLinks, headerLinks, headerMenus } from "@/content/navigation";
import { routes } from "@/lib/routes";

describe("routes", () => {
  it("spells the public routes of §2", () => {
    expect(routes.home).toBe("/");
    expect(routes.services).toBe("/services");
    expect(routes.industries).toBe("/industries");
    expect(routes.caseStudies).toBe("/case-studies");
    expect(routes.about).toBe("/about");
    expect(routes.blog).toBe("/blog");
    expect(routes.survey).toBe("/survey");
    expect(routes.greenvilleVoip).toBe("/greenville-voip");
    expect(routes.adminLogin).toBe("/admin/login");
    expect(routes.adminSurveys).toBe("/admin/surveys");
  });

  it("builds detail paths from slugs", () => {
    expect(routes.service("sd-wan")).toBe("/services/sd-wan");
    expect(routes.post("sd-wan-vs-mpls")).toBe("/blog/sd-wan-vs-mpls");
    expect(routes.industry("event-organizers")).toBe("/industries#event-organizers");
  });

  it("adds an encoded service value to the contact link only when given", () => {
    expect(routes.contact()).toBe("/contact");
    expect(routes.contact("")).toBe("/contact");
    expect(routes.contact("quote")).toBe("/contact?service=quote");
    expect(routes.contact("a b&c=d")).toBe("/contact?service=a%20b%26c%3Dd");
    expect(new URL(routes.contact("a b&c=d"), "http://x").searchParams.get("service")).toBe("a b&c=d");
  });
});

describe("navigation", () => {
  const internal = [
    ...headerMenus.flatMap((menu) => [menu.href, ...menu.items.map((item) => item.href)]),
    ...headerLinks.map((link) => link.href),
    ...footerServiceLinks.map((link) => link.href),
    ...footerQuickLinks.map((link) => link.href),
    ...footerLegalLinks.map((link) => link.href),
  ];

  it("only links to root-relative paths", () => {
    for (const href of internal) expect(href).toMatch(/^\/[a-z0-9/#?=-]*$/);
  });

  it("has the header menus and footer lists of §2", () => {
    expect(headerMenus.map((menu) => [menu.label, menu.items.map((item) => item.label)])).toEqual([
      ["Services", ["Event Internet", "Managed IT Services", "Rural Connectivity", "Video Conferencing"]],
      ["Industries", ["Construction", "Events & Entertainment", "Healthcare", "Education"]],
    ]);
    expect(headerLinks.map((link) => link.label)).toEqual(["Case Studies", "About", "Blog"]);
    expect(footerServiceLinks).toHaveLength(9);
    expect(footerLegalLinks.map((link) => link.href)).toEqual(["/privacy", "/terms", "/sitemap"]);
  });
});

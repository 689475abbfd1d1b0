import { describe, expect, it } from "vitest";
import { loginFor, safeAdminNext } from "@/lib/admin-next";

describe("sign-in's ?next=", () => {
  it("keeps a back-office path with its query and hash", () => {
    expect(safeAdminNext("/admin/leads/42")).toBe("/admin/leads/42");
    expect(safeAdminNext("/admin")).toBe("/admin");
    expect(safeAdminNext("/admin/leads?view=board&status=new#top")).toBe("/admin/leads?view=board&status=new#top");
  });

  it("refuses other origins, public pages, the login and setup pages, and path tricks", () => {
    for (const value of [
      null,
      "",
      "https://evil.example/admin/leads/1",
      "//evil.example/admin",
      "/\\evil.example/admin",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/contact",
      "/administrator",
      "/admin/login",
      "/admin/setup#token",
      "/admin/../contact",
      "/admin/%2e%2e/contact",
      "admin/leads",
    ]) {
      expect(safeAdminNext(value), String(value)).toBeNull();
    }
  });

  it("sends a signed-out visitor to the login with the page they asked for, but not for the survey inbox sign-in lands on anyway", () => {
    expect(loginFor("/admin/leads/42")).toBe("/admin/login?next=%2Fadmin%2Fleads%2F42");
    expect(loginFor("/admin/surveys")).toBe("/admin/login");
    expect(loginFor("/contact")).toBe("/admin/login");
  });
});

import { describe, expect, it } from "vitest";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { surveySchema } from "@/lib/validation/survey-schema";

const contact = { name: "Dana Whitfield", email: "dana@example.com", phone: "8645550101", projectType: "voip-phone-systems", message: "Five phones for the new office." };
const survey = { businessName: "Pelham Dental", email: "office@example.com", phoneNumber: "8645550102", address: "12 Main St, Greer SC", employeeCount: 12, deviceCount: 40, primaryInternetUse: "Imaging", phoneCount: 6 };
const good = {
  source: "newsletter",
  medium: "email",
  campaign: "fall-promo",
  term: null,
  content: null,
  gclid: null,
  msclkid: null,
  fbclid: null,
  referrer: "Mail.Example.net",
  landingPage: "/?utm_source=newsletter",
  at: new Date(Date.now() - 60_000).toISOString(),
};

describe("the forms' attribution part", () => {
  it("passes a good touch through (the referrer host in lower case) on both forms", () => {
    for (const [schema, form] of [[contactRequestSchema, contact], [surveySchema, survey]] as const) {
      const parsed = schema.safeParse({ ...form, firstTouch: good, lastTouch: good });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.firstTouch).toEqual({ ...good, referrer: "mail.example.net" });
    }
  });

  it("is optional", () => {
    const parsed = contactRequestSchema.safeParse(contact);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.firstTouch).toBeUndefined();
  });

  it("drops each bad value instead of refusing the submission", () => {
    const hostile = {
      source: "x".repeat(201),
      medium: "email\u0000",
      campaign: 42,
      term: ["a"],
      content: { $gt: "" },
      gclid: "abc def<script>",
      msclkid: "m".repeat(501),
      fbclid: "ok_id-1",
      referrer: "evil.example/path?x",
      landingPage: "//evil.example/",
      at: "yesterday",
      channel: "Paid Search",
    };
    const parsed = contactRequestSchema.safeParse({ ...contact, firstTouch: hostile, lastTouch: "not a touch" });
    expect(parsed.success).toBe(true);
    const touch = parsed.data!.firstTouch!;
    expect(touch).toMatchObject({ source: null, medium: null, campaign: null, term: null, content: null, gclid: null, msclkid: null, fbclid: "ok_id-1", referrer: null, landingPage: null });
    // A client's channel is not kept: the server works it out.
    expect(touch).not.toHaveProperty("channel");
    // An unbelievable time becomes the time of the submission.
    expect(Math.abs(Date.parse(touch.at) - Date.now())).toBeLessThan(5_000);
    expect(parsed.data!.lastTouch).toBeNull();
  });

  it("takes no time from the future or from more than a year ago", () => {
    for (const at of [new Date(Date.now() + 3 * 86_400_000).toISOString(), "2001-01-01T00:00:00Z", "2026-02-30T00:00:00Z"]) {
      const parsed = contactRequestSchema.safeParse({ ...contact, lastTouch: { ...good, at } });
      expect(Math.abs(Date.parse(parsed.data!.lastTouch!.at) - Date.now()), at).toBeLessThan(5_000);
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiveLeadFormPost } from "@/server/leads/lead-form-post";
import { SUBMISSION_RATE_LIMIT } from "@/server/leads/receive-lead";
import { validContact, validSurvey } from "../support/api-request";
import { describeEachEngine } from "../support/test-database";
import { listSubmissions } from "@/server/leads/stored-submissions";

let address = 0;
function nextAddress() {
  address += 1;
  return `198.51.100.${address % 250}`;
}

/** A browser's plain form submission: urlencoded fields, repeated names for checkboxes. */
function formPost(path: string, fields: [string, string][], options: { address?: string; contentType?: string } = {}): Request {
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: { "content-type": options.contentType ?? "application/x-www-form-urlencoded", "x-forwarded-for": options.address ?? nextAddress() },
    body: new URLSearchParams(fields).toString(),
  });
}

const contactFields = (overrides: Record<string, string> = {}): [string, string][] => Object.entries({ ...validContact, website: "", ...overrides });
const surveyFields: [string, string][] = [
  ["businessName", validSurvey.businessName],
  ["email", validSurvey.email],
  ["phoneNumber", validSurvey.phoneNumber],
  ["address", validSurvey.address],
  ["employeeCount", "12"],
  ["deviceCount", "40"],
  ["primaryInternetUse", validSurvey.primaryInternetUse],
  ["phoneCount", "6"],
  ["hasPublicWifi", "on"],
  ["interestedServices", "voip"],
  ["interestedServices", "starlink"],
  ["additionalComments", ""],
  ["website", ""],
];

beforeEach(() => {
  delete process.env.RATE_LIMIT_MULTIPLIER;
  delete process.env.SMTP_URL;
  // As deployed behind one proxy, which names the client in X-Forwarded-For.
  process.env.TRUST_PROXY_HOPS = "1";
});

afterEach(() => {
  delete process.env.TRUST_PROXY_HOPS;
});

describeEachEngine("no-script form posts", () => {
  describe("contact", () => {
    it("stores a valid post, source included, and confirms it", async () => {
      const state = await receiveLeadFormPost("contact", formPost("/contact?service=quote", contactFields({ projectType: "other", source: "quote" })));
      expect(state).toEqual({ status: "success" });
      expect(await listSubmissions("contact")).toMatchObject([{ name: validContact.name, projectType: "other", source: "quote" }]);
    });

    it("gives each bad field its message and keeps the values, but never the honeypot", async () => {
      const state = await receiveLeadFormPost("contact", formPost("/contact", contactFields({ email: "nope", phone: "", projectType: "", website: "" })));
      expect(state.status).toBe("invalid");
      expect(state.fields).toEqual({ email: "Please enter a valid email address.", phone: "Please enter a valid phone number.", projectType: "Please select a project type." });
      expect(state.values).toEqual({ name: validContact.name, email: "nope", phone: "", projectType: "", message: validContact.message });
      expect(await listSubmissions("contact")).toHaveLength(0);
    });

    it("confirms a filled honeypot without storing it", async () => {
      expect(await receiveLeadFormPost("contact", formPost("/contact", contactFields({ website: "http://spam.example" })))).toEqual({ status: "success" });
      expect(await listSubmissions("contact")).toHaveLength(0);
    });

    it("reads multipart posts as well", async () => {
      const body = new FormData();
      for (const [name, value] of contactFields()) body.append(name, value);
      const request = new Request("http://127.0.0.1:3000/contact", { method: "POST", headers: { "x-forwarded-for": nextAddress() }, body });
      expect(await receiveLeadFormPost("contact", request)).toEqual({ status: "success" });
    });

    it("says sending failed, with the values kept, once the client is over the rate limit", async () => {
      const client = nextAddress();
      for (let i = 0; i < SUBMISSION_RATE_LIMIT.limit; i += 1) expect((await receiveLeadFormPost("contact", formPost("/contact", contactFields(), { address: client }))).status).toBe("success");
      const state = await receiveLeadFormPost("contact", formPost("/contact", contactFields(), { address: client }));
      expect(state).toMatchObject({ status: "failed", values: { name: validContact.name } });
    });

    it("says sending failed for a body no form sends: another type, or over 64 KB", async () => {
      expect((await receiveLeadFormPost("contact", formPost("/contact", contactFields(), { contentType: "application/json" }))).status).toBe("failed");
      expect((await receiveLeadFormPost("contact", formPost("/contact", contactFields({ message: "x".repeat(70_000) })))).status).toBe("failed");
      expect(await listSubmissions("contact")).toHaveLength(0);
    });
  });

  describe("survey", () => {
    it("stores a valid post with its checkboxes and confirms it", async () => {
      expect(await receiveLeadFormPost("survey", formPost("/survey", surveyFields))).toEqual({ status: "success" });
      expect(await listSubmissions("survey")).toMatchObject([
        { businessName: validSurvey.businessName, employeeCount: 12, usesStreaming: false, hasPublicWifi: true, interestedServices: ["voip", "starlink"] },
      ]);
    });

    it("gives each bad field its message and keeps the values and the ticked boxes", async () => {
      const fields = surveyFields.map(([name, value]): [string, string] => [name, name === "employeeCount" ? "0" : name === "businessName" ? "" : value]);
      const state = await receiveLeadFormPost("survey", formPost("/survey", fields));
      expect(state.status).toBe("invalid");
      expect(state.fields).toEqual({ businessName: "Business name is required", employeeCount: "Must have at least one employee" });
      expect(state.values).toMatchObject({ employeeCount: "0", hasPublicWifi: true, usesStreaming: false, interestedServices: ["voip", "starlink"] });
      expect(state.values).not.toHaveProperty("website");
      expect(await listSubmissions("survey")).toHaveLength(0);
    });
  });
});

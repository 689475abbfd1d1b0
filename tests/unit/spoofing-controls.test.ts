import { describe, expect, it } from "vitest";
import { fillReplySubject } from "@/lib/reply-templates";
import { visitSignalsSchema } from "@/lib/validation/attribution-schema";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { surveySchema } from "@/lib/validation/survey-schema";
import { acknowledgementGreeting } from "@/server/leads/lead-notifications";
import { validContact, validSurvey } from "../support/api-request";

/*
 * What a visitor types cannot reorder or break the owner's screens (bidi overrides and
 * isolates, line separators) nor a reply's subject (line breaks).
 */

const SPOOFERS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029";

describe("stored names, business names and utm values", () => {
  it("lose bidi overrides, isolates and line separators", () => {
    expect(contactRequestSchema.parse({ ...validContact, name: `Dana\u202e nosliW${SPOOFERS}` }).name).toBe("Dana nosliW");
    expect(surveySchema.parse({ ...validSurvey, businessName: `\u2066Blue Heron\u2069 Dental\u2028` }).businessName).toBe("Blue Heron Dental");
    const signals = visitSignalsSchema.parse({ source: "news\u202eletter", medium: "email", campaign: `spring${SPOOFERS}`, at: new Date().toISOString() });
    expect(signals).toMatchObject({ source: "newsletter", campaign: "spring" });
  });
});

describe("a reply's filled subject", () => {
  it("is one line whatever the name holds", () => {
    const fields = { name: "Dana\nWhitfield\r\nJr", business: "Blue\tHeron", service: "VoIP", employees: "", devices: "", phones: "", owner: "Saluda Ridge", phone: "(864) 555-0142" };
    expect(fillReplySubject("Your quote, {{name}} at {{ business }}", fields)).toBe("Your quote, Dana Whitfield Jr at Blue Heron");
  });
});

describe("the acknowledgement's greeting", () => {
  it("repeats a first name only when the name looks like one", () => {
    expect(acknowledgementGreeting("Zoë O'Brien-Smith")).toBe("Hi Zoë,");
    expect(acknowledgementGreeting("Dana")).toBe("Hi Dana,");
    for (const name of ["Eve <b>", "http://evil.example", "Dana 2", "A".repeat(41), "", null, "-Dana"]) expect(acknowledgementGreeting(name), String(name)).toBe("Hello,");
  });
});

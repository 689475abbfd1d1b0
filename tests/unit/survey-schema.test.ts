import { describe, expect, it } from "vitest";
import { fieldErrors } from "@/lib/field-errors";
import { surveySchema } from "@/lib/validation/survey-schema";
import { validSurvey } from "../support/api-request";

describe("surveySchema counts", () => {
  it("names the upper bound with thousands separators", () => {
    const result = surveySchema.safeParse({ ...validSurvey, employeeCount: 100_001, deviceCount: 1_000_001, phoneCount: "100001" });
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(errors.employeeCount).toBe("Must be at most 100,000");
    expect(errors.deviceCount).toBe("Must be at most 1,000,000");
    expect(errors.phoneCount).toBe("Must be at most 100,000");
  });
});

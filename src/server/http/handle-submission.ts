import type { ValidationIssues } from "@/lib/field-errors";
import { isDatabaseUnavailable } from "@/server/db/connection";
import type { SubmitOutcome } from "@/server/leads/submit-lead";
import { clientAddress } from "./client-address";
import { jsonError, jsonResponse, serviceUnavailable, tooManyRequests, validationError } from "./json-responses";
import { readJsonBody } from "./read-json-body";

/**
 * The shared POST pipeline of /api/contact and /api/survey: parse, validate with
 * the form's own schema, submit, and map every outcome to a status. Nothing a
 * client sends can reach the 500 branch; only a real fault can.
 */
export interface SubmissionSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: ValidationIssues };
}

export async function handleSubmission<T>(
  request: Request,
  schema: SubmissionSchema<T>,
  submit: (data: T, address: string) => Promise<SubmitOutcome>,
  socketAddress?: string,
): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  try {
    const outcome = await submit(parsed.data, clientAddress(request.headers, socketAddress));
    if (outcome.status === "rate-limited") return tooManyRequests(outcome.retryAfterSeconds);
    return jsonResponse({ id: outcome.id }, 201);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error("[api] submission failed:", error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

import type { SubmissionKind } from "@/lib/validation/submission-forms";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { siteHosts } from "@/server/leads/lead-touches";
import { receiveLead } from "@/server/leads/receive-lead";
import { clientAddress } from "@/server/http/client-address";
import { jsonError, jsonResponse, serviceUnavailable, tooManyRequests, validationError } from "@/server/http/json-responses";
import { readJsonBody } from "@/server/http/read-json-body";

/**
 * POST /api/contact and /api/survey: a lead as a JSON object, answered 201 with its id,
 * or 415/413/400 for a body that is not one, 400 with the field errors, 429 past the
 * rate limit, 503 while the database is away. Nothing a client sends can reach the 500
 * branch; only a real fault can.
 */
export async function answerLeadJsonPost(kind: SubmissionKind, request: Request, socketAddress?: string): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  try {
    const outcome = await receiveLead(kind, body.value, clientAddress(request.headers, socketAddress), siteHosts(request));
    if (outcome.status === "invalid") return validationError(outcome.issues);
    if (outcome.status === "rate-limited") return tooManyRequests(outcome.retryAfterSeconds);
    return jsonResponse({ id: outcome.id }, 201);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error(`[api] ${kind} submission failed:`, error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

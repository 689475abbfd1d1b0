import { type FieldErrors, fieldErrors, type ValidationIssues } from "@/lib/field-errors";

const noStore = { "Cache-Control": "no-store" };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

/** Every API error has the same shape: `{ error, fields? }`. */
export function jsonError(status: number, error: string, extra: { fields?: FieldErrors; headers?: Record<string, string> } = {}): Response {
  const body = extra.fields ? { error, fields: extra.fields } : { error };
  return jsonResponse(body, status, extra.headers);
}

export function validationError(error: ValidationIssues): Response {
  return jsonError(400, "Some fields are invalid.", { fields: fieldErrors(error) });
}

export function tooManyRequests(retryAfterSeconds: number): Response {
  return jsonError(429, "Too many requests. Please try again later.", {
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

export function serviceUnavailable(): Response {
  return jsonError(503, "The service is temporarily unavailable. Please try again shortly.", { headers: { "Retry-After": "5" } });
}

/**
 * An endpoint's `ALL` handler, for the methods it does not serve: OPTIONS lists the ones
 * it does (204, as before), anything else gets a JSON 405 with Allow.
 */
export function methodNotAllowed(allowed: readonly string[]) {
  const allow = allowed.join(", ");
  const served = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return async function handler(context?: { request: Request }): Promise<Response> {
    if (context?.request.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: served } });
    return jsonError(405, `Method not allowed. Use ${allow}.`, { headers: { Allow: allow } });
  };
}

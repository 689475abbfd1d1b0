import { type FieldErrors, fieldErrors, type ValidationIssues } from "@/lib/field-errors";
import { LIMITS } from "@/lib/validation/limits";

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

export type JsonBodyResult = { ok: true; value: Record<string, unknown> } | { ok: false; response: Response };

/**
 * Reads a JSON object body defensively: 415 for another content type, 413 past
 * 64 KB (checked on the declared length and again while streaming, so a lying
 * Content-Length cannot get more through), 400 for malformed JSON or a non-object.
 */
export async function readJsonBody(request: Request, maxBytes: number = LIMITS.bodyBytesMax): Promise<JsonBodyResult> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") {
    return { ok: false, response: jsonError(415, "Content-Type must be application/json.") };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) {
    return { ok: false, response: tooLarge(maxBytes) };
  }

  let text: string;
  try {
    const bytes = await readBodyBytes(request, maxBytes);
    if (bytes === null) return { ok: false, response: tooLarge(maxBytes) };
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, response: jsonError(400, "The request body is not valid UTF-8.") };
  }

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: jsonError(400, "The request body is not valid JSON.") };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, response: jsonError(400, "The request body must be a JSON object.") };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

function tooLarge(maxBytes: number): Response {
  return jsonError(413, `The request body must be at most ${Math.round(maxBytes / 1024)} KB.`);
}

/** How much of an oversized body is read and dropped before the connection is cut. */
const DRAIN_ALLOWANCE_BYTES = 1024 * 1024;

/** The body, or null past `maxBytes` (then read and dropped up to a point, see below). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Past the limit, the rest is read and dropped, not cancelled: cancelling destroys the
  // socket under a keep-alive client, whose next request on it then fails. A body that
  // keeps coming far past the limit is cut off all the same: only an abuser sends one.
  const drainLimit = maxBytes + DRAIN_ALLOWANCE_BYTES;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total <= maxBytes) chunks.push(value);
    else if (total > drainLimit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
  }
  if (total > maxBytes) return null;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

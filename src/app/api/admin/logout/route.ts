import { SESSION_COOKIE, endAdminSession } from "@/server/auth/admin-session";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { isSecureRequest, readCookie, serializeCookie } from "@/server/http/cookies";
import { jsonError, jsonResponse, methodNotAllowed, serviceUnavailable } from "@/server/http/json-responses";
import { isSameOriginRequest } from "@/server/http/same-origin";

/** Ends the session on the server (any instance), then clears the cookie. */
export async function POST(request: Request) {
  if (!isSameOriginRequest(request)) return jsonError(403, "Cross-origin requests are not allowed.");
  try {
    await endAdminSession(readCookie(request, SESSION_COOKIE));
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    throw error;
  }
  const response = jsonResponse({ authenticated: false });
  response.headers.append("Set-Cookie", serializeCookie(SESSION_COOKIE, "", { maxAgeSeconds: 0, secure: isSecureRequest(request) }));
  return response;
}

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);

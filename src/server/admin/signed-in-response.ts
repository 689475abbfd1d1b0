import { auditRecorder } from "@/server/audit/audit-log";
import { endAdminSession, readSessionToken, sessionCookie, sessionOriginOf, startAdminSession } from "@/server/auth/admin-session";
import { deviceCookieHeader, deviceCookieName, issueDeviceCookie, retireDeviceCookie } from "@/server/auth/device-cookie";
import { isSecureRequest, readCookie } from "@/server/http/cookies";
import { jsonResponse } from "@/server/http/json-responses";

/**
 * The answer to a completed sign-in (the password, and the second factor when it is on):
 * a new session and its cookie, and a new device cookie, which makes this browser a known
 * one for the login limits (login-guard.ts). A fresh session token at every login; any
 * session the browser still held is ended.
 */
export async function signedInResponse(request: Request, username: string, address: string): Promise<Response> {
  await endAdminSession(readSessionToken(request));
  const origin = sessionOriginOf(request, address);
  const session = await startAdminSession(origin);
  await auditRecorder({ sessionId: session.publicId, userAgent: origin.userAgent ?? null })({ action: "account.signed_in" });
  const response = jsonResponse({ authenticated: true, username });
  response.headers.append("Set-Cookie", sessionCookie(request, session.token));
  await renewDeviceCookie(request, response, username);
  return response;
}

/**
 * Gives this browser a new device cookie (a new nonce, the current generation, as OWASP's
 * scheme issues one at every sign-in) and retires the one it replaces, so a copy of the
 * old cookie no longer makes a browser known.
 */
export async function renewDeviceCookie(request: Request, response: Response, username: string): Promise<void> {
  const secure = isSecureRequest(request);
  await retireDeviceCookie(readCookie(request, deviceCookieName(secure)));
  response.headers.append("Set-Cookie", deviceCookieHeader(await issueDeviceCookie(username), secure));
}

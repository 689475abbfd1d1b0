import { endAdminSession, readSessionToken, sessionCookie, sessionOriginOf, startAdminSession } from "@/server/auth/admin-session";
import { deviceCookieHeader, issueDeviceCookie } from "@/server/auth/device-cookie";
import { isSecureRequest } from "@/server/http/cookies";
import { jsonResponse } from "@/server/http/json-responses";

/**
 * The answer to a completed sign-in (the password, and the second factor when it is on):
 * a new session and its cookie, and a new device cookie, which makes this browser a known
 * one for the login limits (login-guard.ts). A fresh session token at every login; any
 * session the browser still held is ended.
 */
export async function signedInResponse(request: Request, username: string, address: string): Promise<Response> {
  await endAdminSession(readSessionToken(request));
  const session = await startAdminSession(sessionOriginOf(request, address));
  const response = jsonResponse({ authenticated: true, username });
  response.headers.append("Set-Cookie", sessionCookie(request, session.token));
  // A new nonce at every login, as OWASP's scheme issues: an old copy of the cookie keeps its own count.
  response.headers.append("Set-Cookie", deviceCookieHeader(await issueDeviceCookie(username), isSecureRequest(request)));
  return response;
}

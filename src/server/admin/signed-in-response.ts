import { SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE, endAdminSession, startAdminSession } from "@/server/auth/admin-session";
import { isSecureRequest, readCookie, serializeCookie } from "@/server/http/cookies";
import { jsonResponse } from "@/server/http/json-responses";

/**
 * The answer to a completed sign-in (the password, and the second factor when it is on):
 * a new session and its cookie. A fresh token at every login; any session the browser
 * still held is ended.
 */
export async function signedInResponse(request: Request, username: string): Promise<Response> {
  await endAdminSession(readCookie(request, SESSION_COOKIE));
  const session = await startAdminSession();
  const response = jsonResponse({ authenticated: true, username });
  response.headers.append(
    "Set-Cookie",
    serializeCookie(SESSION_COOKIE, session.token, { maxAgeSeconds: SESSION_ABSOLUTE_TTL_MS / 1000, secure: isSecureRequest(request) }),
  );
  return response;
}

import { timingSafeEqual } from "node:crypto";
import { adminLoginSchema } from "@/lib/validation/admin-login-schema";
import { adminUsername, getAdminCredentials } from "@/server/auth/admin-credentials";
import { auditRecorder } from "@/server/audit/audit-log";
import { clearedSessionCookie, endAdminSession, hashSessionToken, readSessionToken } from "@/server/auth/admin-session";
import { clearedDeviceCookieHeader, deviceCookieName } from "@/server/auth/device-cookie";
import { FORGED_DEVICE_COOKIE, LOGIN_BUSY, reserveLoginAttempt } from "@/server/auth/login-guard";
import { isTwoFactorEnabled } from "@/server/auth/two-factor";
import { findAdminSession } from "@/server/auth/admin-sessions";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { countNewSubmissions } from "@/server/leads/stored-submissions";
import { deskCounts } from "@/server/desk/today";
import { adminRoute } from "@/server/admin/admin-route";
import { clientAddress } from "@/server/http/client-address";
import { isSecureRequest, readCookie } from "@/server/http/cookies";
import { jsonError, jsonResponse, serviceUnavailable, tooManyRequests, validationError } from "@/server/http/json-responses";
import { readJsonBody } from "@/server/http/json-responses";
import { isSameOriginRequest } from "@/server/http/same-origin";
import { signedInResponse } from "./signed-in-response";
import { beginSecondFactor } from "./two-factor-routes";

const INVALID = "Invalid username or password.";

/** What the login reads of a call; `clientAddress` is the socket's, when the server knows it. */
export interface LoginContext {
  request: Request;
  clientAddress?: string;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare equal-length buffers so the time does not reveal how much matched.
  return left.length === right.length ? timingSafeEqual(left, right) : timingSafeEqual(left, left) && false;
}

/** POST /api/admin/login: a session cookie for the right credentials, within the login limits (login-guard.ts). */
export async function loginRoute({ request, clientAddress: socketAddress }: LoginContext): Promise<Response> {
  if (!isSameOriginRequest(request)) return jsonError(403, "Cross-origin requests are not allowed.");
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = adminLoginSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const { username, password } = parsed.data;
  const address = clientAddress(request.headers, socketAddress);
  const secure = isSecureRequest(request);

  try {
    const attempt = await reserveLoginAttempt({ address, username, deviceCookie: readCookie(request, deviceCookieName(secure)) });
    if (attempt.status === "forged-device") return jsonError(400, FORGED_DEVICE_COOKIE, { headers: { "Set-Cookie": clearedDeviceCookieHeader(secure) } });
    // A device cookie of ours that no longer counts is removed with any answer but a new one.
    const answer = (response: Response) => {
      if (attempt.revokedDevice) response.headers.append("Set-Cookie", clearedDeviceCookieHeader(secure));
      return response;
    };
    if (attempt.status === "refused") return answer(tooManyRequests(attempt.retryAfterSeconds));
    if (attempt.status === "busy") return answer(jsonError(503, LOGIN_BUSY, { headers: { "Retry-After": String(attempt.retryAfterSeconds) } }));

    const credentials = await getAdminCredentials();
    // The password hash is always checked, so an unknown username costs the same time.
    const passwordMatches = await attempt.checkPassword(password, credentials.passwordHash);
    if (!(sameText(username, credentials.username) && passwordMatches)) return answer(jsonError(401, INVALID));

    await attempt.succeeded();
    // With the second factor on, the right password opens a pending login, not a session.
    if (await isTwoFactorEnabled()) return answer(await beginSecondFactor(request));
    return signedInResponse(request, credentials.username, address);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error("[admin] login failed:", error);
    return jsonError(500, "Something went wrong on our side.");
  }
}

/** POST /api/admin/logout: ends the session on the server (any instance), then clears the cookie. */
export async function logoutRoute({ request }: { request: Request }): Promise<Response> {
  if (!isSameOriginRequest(request)) return jsonError(403, "Cross-origin requests are not allowed.");
  try {
    const token = readSessionToken(request);
    const session = token && token.length <= 200 ? await findAdminSession(hashSessionToken(token)) : undefined;
    await endAdminSession(token);
    if (session) await auditRecorder({ sessionId: session.publicId, userAgent: session.userAgent })({ action: "account.signed_out" });
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error("[admin] logout failed:", error);
    return jsonError(500, "Something went wrong on our side.");
  }
  const response = jsonResponse({ authenticated: false });
  response.headers.append("Set-Cookie", clearedSessionCookie(request));
  return response;
}

/** GET /api/admin/check-auth: 200 with the username while the session is valid (§4 guard). */
export const checkAuthRoute = adminRoute(async () => jsonResponse({ authenticated: true, username: adminUsername() }));

/** GET /api/admin/counts: new (unviewed) items per inbox, new leads and follow-ups due, for the admin navigation badges. */
export const countsRoute = adminRoute(async () => {
  const [surveys, contacts, desk] = await Promise.all([countNewSubmissions("survey"), countNewSubmissions("contact"), deskCounts()]);
  return jsonResponse({ surveys, contacts, ...desk });
});

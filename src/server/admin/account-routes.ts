import { type ActiveSession, WRONG_CURRENT_PASSWORD } from "@/lib/admin-account";
import { changePasswordSchema } from "@/lib/validation/change-password-schema";
import { adminUsername, getAdminCredentials, storeOwnerPasswordHash } from "@/server/auth/admin-credentials";
import { clearedSessionCookie, isSessionLive } from "@/server/auth/admin-session";
import { refuseCommonPassword } from "@/server/auth/common-passwords";
import { endOtherSignIns } from "@/server/auth/end-other-sign-ins";
import { hashPassword, verifyPassword } from "@/server/auth/password-hash";
import { rateLimitMultiplier } from "@/server/config";
import { deleteAdminSessionByPublicId, listAdminSessions, SESSION_PUBLIC_ID_PATTERN } from "@/server/auth/admin-sessions";
import { consumeRateLimit, resetRateLimit } from "@/server/rate-limits/rate-limits";
import { adminRoute } from "@/server/admin/admin-route";
import { jsonError, jsonResponse, tooManyRequests, validationError } from "@/server/http/json-responses";
import { readJsonBody } from "@/server/http/json-responses";
import { describeUserAgent } from "@/server/http/describe-user-agent";
import { renewDeviceCookie } from "./signed-in-response";

/**
 * Password-change attempts allowed per session. Counted before the current password is
 * checked, so parallel guesses cannot all slip through; a success clears the count.
 */
export const PASSWORD_CHANGE_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

/**
 * POST /api/admin/account/password: the current password and a new one (not a common
 * one). On success the new hash is stored (it wins over the environment from now on, on
 * every instance) and everything the old password opened ends: every other session, every
 * pending two-step login, every device cookie. This browser stays signed in, with a new
 * device cookie.
 */
export const changePasswordRoute = adminRoute(
  async ({ request, session, audit }) => {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = changePasswordSchema.safeParse(body.value);
    if (!parsed.success) return validationError(parsed.error);

    const attemptsKey = `password-change:session:${session.publicId}`;
    const attempt = await consumeRateLimit(attemptsKey, Math.round(PASSWORD_CHANGE_LIMIT.limit * rateLimitMultiplier()), PASSWORD_CHANGE_LIMIT.windowMs);
    if (!attempt.allowed) return tooManyRequests(attempt.retryAfterSeconds);

    const credentials = await getAdminCredentials();
    if (!(await verifyPassword(parsed.data.currentPassword, credentials.passwordHash))) {
      return jsonError(400, WRONG_CURRENT_PASSWORD, { fields: { currentPassword: WRONG_CURRENT_PASSWORD } });
    }
    const common = await refuseCommonPassword(parsed.data.newPassword);
    if (common) return common;
    await storeOwnerPasswordHash(await hashPassword(parsed.data.newPassword));
    const endedSessions = await endOtherSignIns({ keptSessionTokenHash: session.tokenHash, revokeDevices: true });
    await resetRateLimit(attemptsKey);
    await audit({ action: "account.password_changed", detail: { endedSessions } });
    const response = jsonResponse({ changed: true, endedSessions });
    // This browser stays signed in, and stays a known one under the new generation.
    await renewDeviceCookie(request, response, credentials.username);
    return response;
  },
  { mutates: true },
);

/** GET /api/admin/account/sessions: every live session, this browser's first. */
export const listSessionsRoute = adminRoute(async ({ session: own }) => {
  const now = Date.now();
  const sessions: ActiveSession[] = (await listAdminSessions())
    .filter((session) => isSessionLive(session, now))
    .map((session) => ({
      id: session.publicId,
      current: session.publicId === own.publicId,
      ...describeUserAgent(session.userAgent),
      address: session.address,
      createdAt: new Date(session.createdAt).toISOString(),
      lastSeenAt: new Date(session.lastSeenAt).toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
  return jsonResponse(sessions);
});

/**
 * DELETE /api/admin/account/sessions: "sign out everywhere". Every other session and
 * pending two-step login ends and every device cookie is retired, on every instance; this
 * browser stays signed in and gets a new device cookie, so the owner keeps a known
 * browser (one the login limits never lock out) while sorting things out.
 */
export const signOutEverywhereRoute = adminRoute(
  async ({ request, session, audit }) => {
    const endedSessions = await endOtherSignIns({ keptSessionTokenHash: session.tokenHash, revokeDevices: true });
    await audit({ action: "account.sessions_ended", detail: { endedSessions } });
    const response = jsonResponse({ endedSessions });
    await renewDeviceCookie(request, response, adminUsername());
    return response;
  },
  { mutates: true },
);

/**
 * DELETE /api/admin/account/sessions/{id}: ends that session at once, on every instance.
 * Ending this browser's own session is signing out, and clears its cookie too.
 */
export const endSessionRoute = adminRoute(
  async ({ request, params, session, audit }) => {
    const id = params.id;
    if (id === undefined || !SESSION_PUBLIC_ID_PATTERN.test(id)) return jsonError(400, "Malformed session id.");
    if (!(await deleteAdminSessionByPublicId(id))) return jsonError(404, "No such session: it may have ended already.");
    const current = id === session.publicId;
    await audit({ action: "account.session_ended", target: { kind: "session", id }, detail: { current } });
    const response = jsonResponse({ id, ended: true, current });
    if (current) response.headers.append("Set-Cookie", clearedSessionCookie(request));
    return response;
  },
  { mutates: true },
);

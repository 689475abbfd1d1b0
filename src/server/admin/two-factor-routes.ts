import {
  secondFactorLoginSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
} from "@/lib/validation/two-factor-schemas";
import { adminUsername, getAdminCredentials } from "@/server/auth/admin-credentials";
import { endOtherSignIns } from "@/server/auth/end-other-sign-ins";
import { verifyPassword } from "@/server/auth/password-hash";
import {
  countPendingLoginCodeAttempt,
  endPendingLogin,
  isPendingLoginLive,
  PENDING_LOGIN_COOKIE,
  PENDING_LOGIN_MAX_ATTEMPTS,
  PENDING_LOGIN_TTL_MS,
  startPendingLogin,
} from "@/server/auth/pending-login";
import {
  beginEnrolment,
  checkSecondFactor,
  clearTwoFactorAttempts,
  confirmEnrolment,
  consumeTwoFactorAttempt,
  isTwoFactorEnabled,
  type SecondFactorCheck,
  turnOffTwoFactor,
  twoFactorStatus,
} from "@/server/auth/two-factor";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { adminRoute } from "@/server/admin/admin-route";
import { clientAddress } from "@/server/http/client-address";
import { hostCookieName, isSecureRequest, readCookie, serializeCookie } from "@/server/http/cookies";
import { jsonError, jsonResponse, serviceUnavailable, tooManyRequests, validationError } from "@/server/http/json-responses";
import { readJsonBody } from "@/server/http/json-responses";
import { isSameOriginRequest } from "@/server/http/same-origin";
import { signedInResponse } from "./signed-in-response";

function pendingLoginCookieName(request: Request): string {
  return hostCookieName(PENDING_LOGIN_COOKIE, isSecureRequest(request));
}

function pendingLoginCookie(request: Request, token: string, maxAgeSeconds: number): string {
  return serializeCookie(pendingLoginCookieName(request), token, { maxAgeSeconds, secure: isSecureRequest(request) });
}

/** A code field refused with its message: 400, and nothing changed. */
function codeError(message: string): Response {
  return jsonError(400, message, { fields: { code: message } });
}

const wrongCodeMessages: Record<Exclude<SecondFactorCheck, "accepted" | "not-on">, string> = {
  "wrong-code": TWO_FACTOR_MESSAGES.wrongCode,
  "replayed-code": TWO_FACTOR_MESSAGES.replayedCode,
  "wrong-recovery-code": TWO_FACTOR_MESSAGES.wrongRecoveryCode,
};

/**
 * What the login answers for a right password while the second factor is on: no session
 * yet, but a pending login in a short-lived cookie and the request for a code.
 */
export async function beginSecondFactor(request: Request): Promise<Response> {
  const token = await startPendingLogin();
  const response = jsonResponse({ secondFactorRequired: true });
  response.headers.append("Set-Cookie", pendingLoginCookie(request, token, PENDING_LOGIN_TTL_MS / 1000));
  return response;
}

/** 401 with the cookie cleared: the user starts again at the password. */
function signInAgain(request: Request, message: string = TWO_FACTOR_MESSAGES.signInAgain): Response {
  const response = jsonError(401, message);
  response.headers.append("Set-Cookie", pendingLoginCookie(request, "", 0));
  return response;
}

/**
 * POST /api/admin/login/second-factor: the code (or a recovery code) for a pending login.
 * Limited per pending login (then it is void) and per account (429 with Retry-After).
 */
export async function secondFactorRoute({ request, clientAddress: socketAddress }: { request: Request; clientAddress?: string }): Promise<Response> {
  if (!isSameOriginRequest(request)) return jsonError(403, "Cross-origin requests are not allowed.");
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = secondFactorLoginSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const token = readCookie(request, pendingLoginCookieName(request));

  try {
    // An unknown or stale cookie costs the owner's allowance nothing.
    if (!token || !(await isPendingLoginLive(token))) return signInAgain(request);
    const allowance = await consumeTwoFactorAttempt();
    if (!allowance.allowed) return tooManyRequests(allowance.retryAfterSeconds);
    const attempt = await countPendingLoginCodeAttempt(token);
    if (attempt === undefined) return signInAgain(request);

    const check = await checkSecondFactor(parsed.data.code);
    if (check === "not-on") {
      // Turned off since the password was checked: the password alone signs in now.
      await endPendingLogin(token);
      return signInAgain(request);
    }
    if (check !== "accepted") {
      if (attempt < PENDING_LOGIN_MAX_ATTEMPTS) return codeError(wrongCodeMessages[check]);
      await endPendingLogin(token);
      return signInAgain(request, TWO_FACTOR_MESSAGES.tooManyWrongCodes);
    }
    if (!(await endPendingLogin(token))) return signInAgain(request);
    await clearTwoFactorAttempts();
    const response = await signedInResponse(request, adminUsername(), clientAddress(request.headers, socketAddress));
    response.headers.append("Set-Cookie", pendingLoginCookie(request, "", 0));
    return response;
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error("[admin] second factor failed:", error);
    return jsonError(500, "Something went wrong on our side.");
  }
}

/** GET /api/admin/account/two-factor: whether it is on, since when, and recovery codes left. */
export const twoFactorStatusRoute = adminRoute(async () => jsonResponse(await twoFactorStatus()));

/** POST /api/admin/account/two-factor/setup: a new key (QR code and text), not active until confirmed. */
export const twoFactorSetupRoute = adminRoute(
  async () => {
    const enrolment = await beginEnrolment(adminUsername());
    if (!enrolment) return jsonError(409, TWO_FACTOR_MESSAGES.alreadyOn);
    return jsonResponse({
      secret: enrolment.secret,
      otpauthUri: enrolment.otpauthUri,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(enrolment.qrCodeSvg).toString("base64")}`,
      expiresAt: enrolment.expiresAt,
    });
  },
  { mutates: true },
);

/** The current password, checked for a change to the second factor; an error answer when wrong. */
async function refuseWrongPassword(password: string): Promise<Response | undefined> {
  const { passwordHash } = await getAdminCredentials();
  if (await verifyPassword(password, passwordHash)) return undefined;
  return jsonError(400, TWO_FACTOR_MESSAGES.wrongPassword, { fields: { password: TWO_FACTOR_MESSAGES.wrongPassword } });
}

/**
 * POST /api/admin/account/two-factor/enable: a right code from the new key turns it on;
 * the recovery codes are shown once. Every other session and pending login ends.
 */
export const twoFactorEnableRoute = adminRoute(
  async ({ request, session, audit }) => {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = twoFactorEnableSchema.safeParse(body.value);
    if (!parsed.success) return validationError(parsed.error);
    const allowance = await consumeTwoFactorAttempt();
    if (!allowance.allowed) return tooManyRequests(allowance.retryAfterSeconds);
    const wrongPassword = await refuseWrongPassword(parsed.data.password);
    if (wrongPassword) return wrongPassword;

    const result = await confirmEnrolment(parsed.data.code);
    if (!result.ok) {
      if (result.reason === "wrong-code") return codeError(TWO_FACTOR_MESSAGES.wrongCode);
      return jsonError(409, result.reason === "already-on" ? TWO_FACTOR_MESSAGES.alreadyOn : TWO_FACTOR_MESSAGES.setupExpired);
    }
    await clearTwoFactorAttempts();
    // Sign-ins opened by the password alone end: from now on each one needs a code.
    const endedSessions = await endOtherSignIns({ keptSessionTokenHash: session.tokenHash, revokeDevices: false });
    await audit({ action: "account.two_factor_on", detail: { endedSessions } });
    return jsonResponse({ enabled: true, recoveryCodes: result.recoveryCodes, endedSessions });
  },
  { mutates: true },
);

/** POST /api/admin/account/two-factor/disable: the current password and a current code (or a recovery code). */
export const twoFactorDisableRoute = adminRoute(
  async ({ request, audit }) => {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = twoFactorDisableSchema.safeParse(body.value);
    if (!parsed.success) return validationError(parsed.error);
    if (!(await isTwoFactorEnabled())) return jsonError(409, TWO_FACTOR_MESSAGES.notOn);
    const allowance = await consumeTwoFactorAttempt();
    if (!allowance.allowed) return tooManyRequests(allowance.retryAfterSeconds);
    const wrongPassword = await refuseWrongPassword(parsed.data.password);
    if (wrongPassword) return wrongPassword;

    const check = await checkSecondFactor(parsed.data.code);
    if (check === "not-on") return jsonError(409, TWO_FACTOR_MESSAGES.notOn);
    if (check !== "accepted") return codeError(wrongCodeMessages[check]);
    await turnOffTwoFactor();
    await clearTwoFactorAttempts();
    await audit({ action: "account.two_factor_off" });
    return jsonResponse({ enabled: false });
  },
  { mutates: true },
);

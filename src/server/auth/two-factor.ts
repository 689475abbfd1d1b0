import { createHash, randomInt } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import { renderSVG } from "uqr";
import { site } from "@/content/site";
import { isRecoveryCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from "@/lib/validation/two-factor-schemas";
import { rateLimitMultiplier } from "@/server/config";
import {
  acceptTimeStep,
  activatePendingSecret,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  readTwoFactor,
  storePendingSecret,
  spendRecoveryCode,
} from "@/server/auth/admin-two-factor";
import { consumeRateLimit, resetRateLimit, type RateLimitResult } from "@/server/rate-limits/rate-limits";

/**
 * RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. A code
 * from the step before or after the server's is accepted, for clocks a little apart.
 */
const TOTP = { algorithm: "sha1", digits: 6, period: 30 } as const;
/** 20 random bytes: the size RFC 4226 recommends and authenticator apps expect. */
const SECRET_BYTES = 20;
/** How long a key shown during enrolment waits for its first code. */
export const ENROLMENT_TTL_MS = 15 * 60 * 1000;

/**
 * Code attempts for the account, whatever the sign-in or the address: every attempt at
 * the second step of a login and at turning the second factor on or off is counted
 * before it is checked, and a success starts the count again.
 */
export const TWO_FACTOR_ATTEMPT_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;
const ATTEMPT_KEY = "two-factor:account";

export type TwoFactorStatus = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };

export async function isTwoFactorEnabled(): Promise<boolean> {
  return Boolean((await readTwoFactor())?.secret);
}

export async function twoFactorStatus(): Promise<TwoFactorStatus> {
  const record = await readTwoFactor();
  if (!record?.secret) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return {
    enabled: true,
    enabledAt: record.enabledAt === null ? null : new Date(record.enabledAt).toISOString(),
    recoveryCodesLeft: await countUnusedRecoveryCodes(),
  };
}

export type Enrolment = { secret: string; otpauthUri: string; qrCodeSvg: string; expiresAt: string };

/** A new key waiting for its first code: shown as a QR code and as text. Undefined when already on. */
export async function beginEnrolment(accountName: string, now = Date.now()): Promise<Enrolment | undefined> {
  const secret = generateSecret({ length: SECRET_BYTES });
  const expiresAt = now + ENROLMENT_TTL_MS;
  if (!(await storePendingSecret(secret, expiresAt))) return undefined;
  const otpauthUri = generateURI({ issuer: site.name, label: accountName, secret, ...TOTP });
  // Error correction "M" survives a phone camera at an angle; the border is the quiet zone scanners need.
  const qrCodeSvg = renderSVG(otpauthUri, { ecc: "M", border: 2 });
  return { secret, otpauthUri, qrCodeSvg, expiresAt: new Date(expiresAt).toISOString() };
}

export type EnrolmentResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: "already-on" | "no-setup" | "wrong-code" };

/** A right code from the pending key turns the second factor on and gives the recovery codes, once. */
export async function confirmEnrolment(code: string, now = Date.now()): Promise<EnrolmentResult> {
  const record = await readTwoFactor();
  if (record?.secret) return { ok: false, reason: "already-on" };
  if (!record?.pendingSecret || record.pendingExpiresAt === null || record.pendingExpiresAt <= now) return { ok: false, reason: "no-setup" };
  const timeStep = await matchingTimeStep(record.pendingSecret, code, now);
  if (timeStep === undefined) return { ok: false, reason: "wrong-code" };
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const activated = await activatePendingSecret(record.pendingSecret, timeStep, recoveryCodes.map(hashRecoveryCode), now);
  // Another request changed the setup meanwhile (a new key, or it was confirmed already).
  if (!activated) return { ok: false, reason: (await isTwoFactorEnabled()) ? "already-on" : "no-setup" };
  return { ok: true, recoveryCodes: recoveryCodes.map(formatRecoveryCode) };
}

export type SecondFactorCheck = "accepted" | "not-on" | "wrong-code" | "replayed-code" | "wrong-recovery-code";

/**
 * Checks a normalised code (see `secondFactorLoginSchema`): a TOTP code must be right and
 * newer than the last one accepted; a recovery code must exist and be unused, and is used
 * up by this call.
 */
export async function checkSecondFactor(code: string, now = Date.now()): Promise<SecondFactorCheck> {
  const record = await readTwoFactor();
  if (!record?.secret) return "not-on";
  if (isRecoveryCode(code)) return (await spendRecoveryCode(hashRecoveryCode(code), now)) ? "accepted" : "wrong-recovery-code";
  const timeStep = await matchingTimeStep(record.secret, code, now);
  if (timeStep === undefined) return "wrong-code";
  return (await acceptTimeStep(timeStep)) ? "accepted" : "replayed-code";
}

export async function turnOffTwoFactor(): Promise<void> {
  await deleteTwoFactor();
}

/** Counts one code attempt for the account (atomically, before the code is checked). */
export function consumeTwoFactorAttempt(now = Date.now()): Promise<RateLimitResult> {
  const limit = Math.round(TWO_FACTOR_ATTEMPT_LIMIT.limit * rateLimitMultiplier());
  return consumeRateLimit(ATTEMPT_KEY, limit, TWO_FACTOR_ATTEMPT_LIMIT.windowMs, now);
}

export async function clearTwoFactorAttempts(): Promise<void> {
  await resetRateLimit(ATTEMPT_KEY);
}

async function matchingTimeStep(secret: string, code: string, now: number): Promise<number | undefined> {
  const result = await verify({ secret, token: code, ...TOTP, epoch: Math.floor(now / 1000), epochTolerance: TOTP.period });
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}

function newRecoveryCode(): string {
  return Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join("");
}

/** Shown in two halves, easier to copy by hand; typed back with or without the hyphen. */
function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** 49 random bits per code and single use: a plain hash is enough (no password-style stretching). */
function hashRecoveryCode(normalizedCode: string): string {
  return createHash("sha256").update(normalizedCode).digest("hex");
}

// zod/mini, as the login form: the same rules in a fraction of the browser bundle.
import * as z from "zod/mini";
import "./zod-config";
import { INVALID_CHARACTER, LIMITS, NO_NUL } from "./limits";

/**
 * Recovery codes are 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i),
 * shown as `xxxxx-xxxxx`; case, spaces and the hyphen do not matter when typed back.
 */
export const RECOVERY_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;

const TOTP_CODE = /^\d{6}$/;
const RECOVERY_CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** Every message of the second factor, shared by the forms and the endpoints. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  codeShape: "Enter the 6-digit code from your authenticator app.",
  codeOrRecoveryShape: "Enter the 6-digit code from your authenticator app, or a recovery code (10 letters and digits).",
  wrongCode: "That code is not right. Check the time on your phone and enter the code your app shows now.",
  replayedCode: "That code has already been used. Wait for your app to show a new code, then enter it.",
  wrongRecoveryCode: "That recovery code is not valid, or it has already been used.",
  passwordRequired: "Enter your current password.",
  wrongPassword: "That is not your current password.",
  setupExpired: "This setup has expired. Start again to get a new key.",
  alreadyOn: "Two-step verification is already on.",
  notOn: "Two-step verification is not on.",
  signInAgain: "Your sign-in has expired. Sign in again with your password.",
  tooManyWrongCodes: "Too many wrong codes. Sign in again with your password.",
} as const;

/** Spaces, hyphens and case are how people copy codes; they carry no meaning. */
const normalizeCode = (value: string) => value.replace(/[\s-]+/g, "").toLowerCase();

/** A typed code, normalised, then held to `accepts` (an empty field gets the "required" message alone). */
const codeText = (accepts: (code: string) => boolean, shapeMessage: string) =>
  z.string({ error: TWO_FACTOR_MESSAGES.codeRequired }).check(
    // Bounded before normalising, so an oversized value is refused without work.
    z.maxLength(100, shapeMessage),
    z.overwrite(normalizeCode),
    z.minLength(1, TWO_FACTOR_MESSAGES.codeRequired),
    z.refine((value) => value === "" || accepts(value), shapeMessage),
  );

const currentPassword = () =>
  z
    .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
    .check(
      z.regex(NO_NUL, INVALID_CHARACTER),
      z.minLength(1, TWO_FACTOR_MESSAGES.passwordRequired),
      z.maxLength(LIMITS.passwordMax, "Password is too long"),
    );

/** A code from the app or an unused recovery code. */
const codeOrRecoveryCode = () => codeText((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), TWO_FACTOR_MESSAGES.codeOrRecoveryShape);

/** Turning it on: a code from the new key proves the app has it; the password proves it is the owner. */
export const twoFactorEnableSchema = z.object({
  code: codeText((value) => TOTP_CODE.test(value), TWO_FACTOR_MESSAGES.codeShape),
  password: currentPassword(),
});
export type TwoFactorEnableData = z.output<typeof twoFactorEnableSchema>;

/** The second step of signing in. */
export const secondFactorLoginSchema = z.object({ code: codeOrRecoveryCode() });
export type SecondFactorLoginData = z.output<typeof secondFactorLoginSchema>;

/** Turning it off: the current password and a current code (or a recovery code). */
export const twoFactorDisableSchema = z.object({ password: currentPassword(), code: codeOrRecoveryCode() });
export type TwoFactorDisableData = z.output<typeof twoFactorDisableSchema>;

/** Which kind of code a valid, normalised value is. */
export function isRecoveryCode(normalizedCode: string): boolean {
  return RECOVERY_CODE.test(normalizedCode);
}

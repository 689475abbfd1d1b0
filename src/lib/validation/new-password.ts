// zod/mini, as the login schema: the back office ships these rules to the browser.
import * as z from "zod/mini";
import "./zod-config";
import { INVALID_CHARACTER, LIMITS, NO_NUL } from "./limits";

export const NEW_PASSWORD_MESSAGES = {
  required: "Choose a new password",
  tooShort: `Use at least ${LIMITS.newPasswordMin} characters`,
  tooLong: `Use at most ${LIMITS.newPasswordMax} characters`,
  confirmRequired: "Type the new password again",
  mismatch: "The two passwords do not match",
  /** The server's check (src/server/auth/common-passwords.ts): the list stays out of the browser. */
  common: "This password is on a list of common passwords that attackers try first. Choose another.",
} as const;

/** A password the owner chooses. Not trimmed: every character counts. */
export const newPasswordField = z
  .string({ error: NEW_PASSWORD_MESSAGES.required })
  .check(
    z.regex(NO_NUL, INVALID_CHARACTER),
    z.minLength(1, NEW_PASSWORD_MESSAGES.required),
    z.minLength(LIMITS.newPasswordMin, NEW_PASSWORD_MESSAGES.tooShort),
    z.maxLength(LIMITS.newPasswordMax, NEW_PASSWORD_MESSAGES.tooLong),
  );

/** The same password typed a second time; only compared, so only bounded. */
export const confirmPasswordField = z
  .string({ error: NEW_PASSWORD_MESSAGES.confirmRequired })
  .check(z.minLength(1, NEW_PASSWORD_MESSAGES.confirmRequired), z.maxLength(LIMITS.passwordMax, NEW_PASSWORD_MESSAGES.mismatch));

/** The check that the confirmation matches, reported on the confirmation field. */
export const confirmationMatches = z.refine<{ newPassword: string; confirmPassword: string }>((data) => data.newPassword === data.confirmPassword, {
  error: NEW_PASSWORD_MESSAGES.mismatch,
  path: ["confirmPassword"],
});

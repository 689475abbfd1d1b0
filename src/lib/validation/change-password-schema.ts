// zod/mini: the same rules in a fraction of the browser bundle of classic zod.
import * as z from "zod/mini";
import "./zod-config";
import { INVALID_CHARACTER, LIMITS, NO_NUL } from "./limits";
import { confirmationMatches, confirmPasswordField, newPasswordField } from "./new-password";

export const SAME_PASSWORD_MESSAGE = "Choose a password different from the current one";

/** The account page's "Change password" form, and POST /api/admin/account/password. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password" })
      .check(
        z.regex(NO_NUL, INVALID_CHARACTER),
        z.minLength(1, "Enter your current password"),
        z.maxLength(LIMITS.passwordMax, "Password is too long"),
      ),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .check(
    confirmationMatches,
    z.refine((data) => data.newPassword !== data.currentPassword, { error: SAME_PASSWORD_MESSAGE, path: ["newPassword"] }),
  );

export type ChangePasswordData = z.output<typeof changePasswordSchema>;

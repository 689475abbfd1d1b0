// zod/mini: the same rules in a fraction of the browser bundle of classic zod.
import * as z from "zod/mini";
import "./zod-config";
import { confirmationMatches, confirmPasswordField, newPasswordField } from "./new-password";

/**
 * The token of a first-run setup link: 32 random bytes in base64url (43 characters).
 * Anything else cannot be one, so it is refused before any lookup.
 */
export const SETUP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const MALFORMED_SETUP_LINK = "This setup link is incomplete or mistyped. Copy the whole link from the server log.";

export const setupTokenField = z.string({ error: MALFORMED_SETUP_LINK }).check(z.regex(SETUP_TOKEN_PATTERN, MALFORMED_SETUP_LINK));

/** POST /api/admin/setup/check: is this link still usable? */
export const setupTokenSchema = z.object({ token: setupTokenField });

/** The first-run setup screen's form (the token comes from the link), and POST /api/admin/setup. */
export const adminSetupSchema = z
  .object({ token: setupTokenField, newPassword: newPasswordField, confirmPassword: confirmPasswordField })
  .check(confirmationMatches);

export type AdminSetupData = z.output<typeof adminSetupSchema>;

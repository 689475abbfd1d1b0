// zod/mini: the same rules in a fraction of the browser bundle of classic zod.
import * as z from "zod/mini";
import "./zod-config";
import { INVALID_CHARACTER, LIMITS, NO_NUL } from "./limits";

/** §5 admin login. Passwords are not trimmed: every character counts. */
export const adminLoginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .check(z.regex(NO_NUL, INVALID_CHARACTER), z.minLength(1, "Username is required"), z.maxLength(LIMITS.usernameMax, "Username is too long")),
  password: z
    .string({ error: "Password is required" })
    .check(z.regex(NO_NUL, INVALID_CHARACTER), z.minLength(1, "Password is required"), z.maxLength(LIMITS.passwordMax, "Password is too long")),
});

export type AdminLoginData = z.output<typeof adminLoginSchema>;

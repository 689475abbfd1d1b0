import { z } from "./zod-config";
import { INVALID_CHARACTER, LIMITS, NO_NUL } from "./limits";

/** §5 admin login. */
export const adminLoginSchema = z.object({
  username: z.string({ error: "Username is required" })
    .regex(NO_NUL, INVALID_CHARACTER).min(1, "Username is required").max(LIMITS.usernameMax, "Username is too long"),
  password: z.string({ error: "Password is required" })
    .regex(NO_NUL, INVALID_CHARACTER).min(1, "Password is required").max(LIMITS.passwordMax, "Password is too long"),
});

export type AdminLoginData = z.output<typeof adminLoginSchema>;

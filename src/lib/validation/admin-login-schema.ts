import { z } from "zod";
import { LIMITS } from "./limits";

/** §5 admin login. */
export const adminLoginSchema = z.object({
  username: z.string({ error: "Username is required" }).min(1, "Username is required").max(LIMITS.usernameMax, "Username is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(LIMITS.passwordMax, "Password is too long"),
});

export type AdminLoginData = z.output<typeof adminLoginSchema>;

import { z } from "./zod-config";
import { INVALID_CHARACTER, LIMITS, NO_NUL } from "./limits";
import { contactPresetValues, projectTypeValues } from "./project-types";

export const CONTACT_HONEYPOT_FIELD = "website";

/** §5 contact form: one schema for the form and the API. */
export const contactRequestSchema = z.object({
  name: z
    .string({ error: "Name must be at least 2 characters." })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .min(2, "Name must be at least 2 characters.")
    .max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters.`),
  email: z
    .string({ error: "Please enter a valid email address." })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .max(LIMITS.emailMax, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
  phone: z
    .string({ error: "Please enter a valid phone number." })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .min(10, "Please enter a valid phone number.")
    .max(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters.`),
  projectType: z.enum(projectTypeValues, { error: "Please select a project type." }),
  message: z
    .string({ error: "Message must be at least 10 characters." })
    .regex(NO_NUL, INVALID_CHARACTER)
    .trim()
    .min(10, "Message must be at least 10 characters.")
    .max(LIMITS.messageMax, `Message must be at most ${LIMITS.messageMax} characters.`),
  /** The `?service=` value the visitor arrived with, kept for the owner. */
  source: z.enum(contactPresetValues, { error: "Unknown source." }).optional(),
  /** Honeypot: invisible to people; anything here marks the request as spam. */
  [CONTACT_HONEYPOT_FIELD]: z.string()
    .regex(NO_NUL, INVALID_CHARACTER).max(LIMITS.honeypotMax).optional(),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestData = z.output<typeof contactRequestSchema>;

export const contactRequestDefaults = {
  name: "",
  email: "",
  phone: "",
  projectType: "",
  message: "",
} as const;

// zod/mini: the same rules in a fraction of the browser bundle of classic zod.
import * as z from "zod/mini";
import "./zod-config";
import { attributionShape } from "./attribution-schema";
import { LIMITS } from "./limits";
import { contactPresetValues, projectTypeValues } from "./project-types";
import { CONTACT_HONEYPOT_FIELD } from "./honeypot-fields";
import { emailField, nameField, textField } from "./text-field";

/** §5 contact form: one schema for the form and the API. */
export const contactRequestSchema = z.object({
  name: nameField(
    "Name must be at least 2 characters.",
    z.minLength(2, "Name must be at least 2 characters."),
    z.maxLength(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters.`),
  ),
  email: emailField("Please enter a valid email address.", LIMITS.emailMax),
  phone: textField(
    "Please enter a valid phone number.",
    z.minLength(10, "Please enter a valid phone number."),
    z.maxLength(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters.`),
  ),
  projectType: z.enum(projectTypeValues, { error: "Please select a project type." }),
  message: textField(
    "Message must be at least 10 characters.",
    z.minLength(10, "Message must be at least 10 characters."),
    z.maxLength(LIMITS.messageMax, `Message must be at most ${LIMITS.messageMax} characters.`),
  ),
  /** The `?service=` value the visitor arrived with, kept for the owner. */
  source: z.optional(z.enum(contactPresetValues, { error: "Unknown source." })),
  /** Where the visitor came from, first and last (docs/attribution.md); bad values are dropped, never refused. */
  ...attributionShape,
  /** Honeypot: invisible to people; anything here marks the request as spam. */
  [CONTACT_HONEYPOT_FIELD]: z.optional(textField("Must be text", z.maxLength(LIMITS.honeypotMax))),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestData = z.output<typeof contactRequestSchema>;

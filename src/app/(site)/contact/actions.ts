"use server";

import { headers } from "next/headers";
import type { ContactFormState } from "@/components/contact/contact-form-state";
import { fieldErrors } from "@/lib/field-errors";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { clientAddress } from "@/server/http/client-address";
import { submitContactRequest } from "@/server/leads/submit-lead";

const FIELDS = ["name", "email", "phone", "projectType", "message", "source", "website"] as const;

/**
 * The contact form's plain HTML submission, for visitors whose scripts did not
 * run: same schema, same storage path as POST /api/contact.
 */
export async function submitContactForm(_previous: ContactFormState, formData: FormData): Promise<ContactFormState> {
  const values: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string" && value !== "") values[field] = value;
  }
  const parsed = contactRequestSchema.safeParse(values);
  const { website: _honeypot, ...visibleValues } = values;
  if (!parsed.success) return { status: "invalid", fields: fieldErrors(parsed.error), values: visibleValues };
  try {
    const outcome = await submitContactRequest(parsed.data, clientAddress(await headers()));
    if (outcome.status === "rate-limited") return { status: "failed", values: visibleValues };
    return { status: "success" };
  } catch (error) {
    console.error("[contact] no-script submission failed:", error);
    return { status: "failed", values: visibleValues };
  }
}

import type { APIRoute } from "astro";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { handleSubmission } from "@/server/http/handle-submission";
import { methodNotAllowed } from "@/server/http/json-responses";
import { submitContactRequest } from "@/server/leads/submit-lead";

export const prerender = false;

/** §7 POST /api/contact: the contact form's submission as JSON. */
export const POST: APIRoute = ({ request, clientAddress }) => handleSubmission(request, contactRequestSchema, submitContactRequest, clientAddress);
export const ALL: APIRoute = methodNotAllowed(["POST"]);

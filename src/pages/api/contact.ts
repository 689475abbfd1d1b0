import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { endpointMethods, socketAddressOf } from "@/server/http/endpoint-methods";
import { handleSubmission } from "@/server/http/handle-submission";
import { submitContactRequest } from "@/server/leads/submit-lead";

/** §7 POST /api/contact: the contact form's submission as JSON. */
export const prerender = false;

export const { POST, OPTIONS, ALL } = endpointMethods({
  POST: (context) => handleSubmission(context.request, contactRequestSchema, submitContactRequest, socketAddressOf(context)),
});

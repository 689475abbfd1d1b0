import { methodNotAllowed } from "@/server/http/json-responses";
import { contactRequestSchema } from "@/lib/validation/contact-request-schema";
import { handleSubmission } from "@/server/http/handle-submission";
import { submitContactRequest } from "@/server/leads/submit-lead";

export async function POST(request: Request) {
  return handleSubmission(request, contactRequestSchema, submitContactRequest);
}

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);

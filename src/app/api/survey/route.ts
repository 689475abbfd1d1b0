import { methodNotAllowed } from "@/server/http/json-responses";
import { surveySchema } from "@/lib/validation/survey-schema";
import { handleSubmission } from "@/server/http/handle-submission";
import { submitSurvey } from "@/server/leads/submit-lead";

export async function POST(request: Request) {
  return handleSubmission(request, surveySchema, submitSurvey);
}

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);

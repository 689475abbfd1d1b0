import type { APIRoute } from "astro";
import { surveySchema } from "@/lib/validation/survey-schema";
import { handleSubmission } from "@/server/http/handle-submission";
import { methodNotAllowed } from "@/server/http/json-responses";
import { submitSurvey } from "@/server/leads/submit-lead";

export const prerender = false;

/** §7 POST /api/survey: the connectivity survey's submission as JSON. */
export const POST: APIRoute = ({ request, clientAddress }) => handleSubmission(request, surveySchema, submitSurvey, clientAddress);
export const ALL: APIRoute = methodNotAllowed(["POST"]);

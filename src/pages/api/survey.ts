import { surveySchema } from "@/lib/validation/survey-schema";
import { endpointMethods, socketAddressOf } from "@/server/http/endpoint-methods";
import { handleSubmission } from "@/server/http/handle-submission";
import { submitSurvey } from "@/server/leads/submit-lead";

/** §7 POST /api/survey: the connectivity survey's submission as JSON. */
export const prerender = false;

export const { POST, OPTIONS, ALL } = endpointMethods({
  POST: (context) => handleSubmission(context.request, surveySchema, submitSurvey, socketAddressOf(context)),
});

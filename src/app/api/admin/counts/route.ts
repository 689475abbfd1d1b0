import { countNewContactRequests } from "@/server/db/contact-requests";
import { countNewSurveySubmissions } from "@/server/db/survey-submissions";
import { adminRoute } from "@/server/http/admin-route";
import { jsonResponse, methodNotAllowed } from "@/server/http/json-responses";

/** New (unviewed) items per inbox, for the admin navigation badges. */
export const GET = adminRoute(async () => {
  const [surveys, contacts] = await Promise.all([countNewSurveySubmissions(), countNewContactRequests()]);
  return jsonResponse({ surveys, contacts });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);

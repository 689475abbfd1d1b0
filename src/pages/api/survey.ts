import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { answerLeadJsonPost } from "@/server/leads/receive-lead";

export const prerender = false;

/** §7 POST /api/survey: the connectivity survey's submission as JSON. */
export const POST: APIRoute = ({ request, clientAddress }) => answerLeadJsonPost("survey", request, clientAddress);
export const ALL: APIRoute = methodNotAllowed(["POST"]);

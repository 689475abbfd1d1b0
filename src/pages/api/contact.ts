import type { APIRoute } from "astro";
import { methodNotAllowed } from "@/server/http/json-responses";
import { answerLeadJsonPost } from "@/server/leads/receive-lead";

export const prerender = false;

/** §7 POST /api/contact: the contact form's submission as JSON. */
export const POST: APIRoute = ({ request, clientAddress }) => answerLeadJsonPost("contact", request, clientAddress);
export const ALL: APIRoute = methodNotAllowed(["POST"]);

import type { APIRoute } from "astro";
import { revenueReportRoute } from "@/server/admin/report-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** Quotes sent and revenue won by channel, service line or month, as JSON or CSV (docs/quotes.md). */
export const GET: APIRoute = revenueReportRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);

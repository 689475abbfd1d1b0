import type { APIRoute } from "astro";
import { leadReportRoute } from "@/server/admin/report-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** Leads grouped by week, channel, service line or status, as JSON or CSV (docs/reports.md). */
export const GET: APIRoute = leadReportRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);

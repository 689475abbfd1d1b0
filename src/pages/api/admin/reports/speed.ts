import type { APIRoute } from "astro";
import { speedReportRoute } from "@/server/admin/report-routes";
import { methodNotAllowed } from "@/server/http/json-responses";

export const prerender = false;

/** Median speed to lead per month, as JSON or CSV (docs/reports.md). */
export const GET: APIRoute = speedReportRoute;
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);

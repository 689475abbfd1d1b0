import * as z from "zod/mini";
import "./zod-config";
import { leadStatuses } from "../lead-desk";

export const leadSorts = ["recent", "oldest", "name", "follow-up"] as const;
export type LeadSort = (typeof leadSorts)[number];
export const LEAD_PAGE_SIZE_DEFAULT = 25;
export const LEAD_PAGE_SIZE_MAX = 100;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * GET /api/admin/leads and the /admin/leads address: the search, the filters, the sort
 * and the page. One schema, so a bookmark means the same list to the screen and the API.
 */
export const leadListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, "Search at most 200 characters."))),
  status: z.optional(z.enum(leadStatuses, { error: "Unknown status." })),
  kind: z.optional(z.enum(["contact", "survey"], { error: "Unknown kind." })),
  service: z.optional(z.string().check(z.maxLength(100, "Unknown service."))),
  from: z.optional(z.string().check(z.regex(DATE, "Use a date as YYYY-MM-DD."))),
  to: z.optional(z.string().check(z.regex(DATE, "Use a date as YYYY-MM-DD."))),
  sort: z.optional(z.enum(leadSorts, { error: "Unknown sort." })),
  page: z.optional(z.coerce.number({ error: "Page must be a number." }).check(z.int("Page must be a whole number."), z.minimum(1, "Page starts at 1."))),
  pageSize: z.optional(
    z.coerce
      .number({ error: "Page size must be a number." })
      .check(z.int("Page size must be a whole number."), z.minimum(1, "Page size is at least 1."), z.maximum(LEAD_PAGE_SIZE_MAX, `Page size is at most ${LEAD_PAGE_SIZE_MAX}.`)),
  ),
});

export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** The query's parameters, empty ones left out. */
export function leadListQueryFrom(params: URLSearchParams): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [key, value] of params) if (value !== "" && key in leadListQuerySchema.shape) entries[key] = value;
  return entries;
}

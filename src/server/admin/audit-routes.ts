import { listAudit } from "@/server/audit/audit-log";
import { adminRoute } from "@/server/admin/admin-route";
import { jsonError, jsonResponse } from "@/server/http/json-responses";

/** Pages past this are refused rather than scanned. */
const PAGE_MAX = 100_000;

/** GET /api/admin/account/audit?page=: the owner's actions, newest first, one page (from 1). */
export const auditListRoute = adminRoute(async ({ request, session }) => {
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
  if (page === null || page > PAGE_MAX) return jsonError(400, "Some fields are invalid.", { fields: { page: "The page is a whole number from 1." } });
  return jsonResponse(await listAudit(page, session.publicId));
});

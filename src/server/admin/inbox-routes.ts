import { adminRoute, parseRowId } from "@/server/admin/admin-route";
import { jsonError, jsonResponse } from "@/server/http/json-responses";
import { eraseSubmission } from "@/server/leads/erase-submission";
import { listSubmissions, markSubmissionViewed } from "@/server/leads/stored-submissions";
import { INBOX_KINDS, type InboxName, inboxCsv } from "./lead-inbox";

/** GET the whole inbox, newest first (§7: no paging, all items). */
export function listRoute(name: InboxName) {
  return adminRoute(async () => jsonResponse(await listSubmissions(INBOX_KINDS[name])));
}

/** POST …/{id}/view marks one item viewed. */
export function viewRoute(name: InboxName) {
  return adminRoute(
    async ({ params }) => {
      const id = parseRowId(params.id);
      if (id === null) return jsonError(400, "Malformed id.");
      return (await markSubmissionViewed(INBOX_KINDS[name], id)) ? jsonResponse({ id, viewed: true }) : jsonError(404, "Not found.");
    },
    { mutates: true },
  );
}

/** DELETE …/{id} removes one item (recorded in the audit log). */
export function deleteRoute(name: InboxName) {
  return adminRoute(
    async ({ params, audit }) => {
      const id = parseRowId(params.id);
      if (id === null) return jsonError(400, "Malformed id.");
      return (await eraseSubmission({ kind: INBOX_KINDS[name], id }, audit)) ? jsonResponse({ id, deleted: true }) : jsonError(404, "Not found.");
    },
    { mutates: true },
  );
}

/** GET the inbox as a spreadsheet-safe CSV download. */
export function csvRoute(name: InboxName) {
  return adminRoute(async () => {
    const date = new Date().toISOString().slice(0, 10);
    return new Response(await inboxCsv(INBOX_KINDS[name]), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-${date}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}

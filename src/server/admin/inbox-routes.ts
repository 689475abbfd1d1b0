import { adminRoute, parseRowId } from "@/server/admin/admin-route";
import { jsonError, jsonResponse } from "@/server/http/json-responses";
import { type InboxName, inboxes } from "./lead-inbox";

/** GET the whole inbox, newest first (§7: no paging, all items). */
export function listRoute(name: InboxName) {
  return adminRoute(async () => jsonResponse(await inboxes[name].list()));
}

/** POST …/{id}/view marks one item viewed. */
export function viewRoute(name: InboxName) {
  return adminRoute(
    async ({ params }) => {
      const id = parseRowId(params.id);
      if (id === null) return jsonError(400, "Malformed id.");
      return (await inboxes[name].markViewed(id)) ? jsonResponse({ id, viewed: true }) : jsonError(404, "Not found.");
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
      return (await inboxes[name].remove(id, audit)) ? jsonResponse({ id, deleted: true }) : jsonError(404, "Not found.");
    },
    { mutates: true },
  );
}

/** GET the inbox as a spreadsheet-safe CSV download. */
export function csvRoute(name: InboxName) {
  return adminRoute(async () => {
    const date = new Date().toISOString().slice(0, 10);
    return new Response(await inboxes[name].exportCsv(), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}-${date}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}

import { exportLead } from "@/server/leads/export-lead";
import { eraseLead } from "@/server/leads/erase-lead";
import { adminRoute, parseRowId } from "@/server/admin/admin-route";
import { jsonError } from "@/server/http/json-responses";

/*
 * "Erase this person" and "Export this person" (docs/privacy-controls.md): a session, the
 * same-origin check on the erasure, 400 for a malformed id, 404 for an unknown lead.
 */

/** DELETE /api/admin/leads/{id}: the lead and every copy of its data, in one transaction with its audit entry. */
export const leadEraseRoute = adminRoute(
  async ({ params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, "Malformed id.");
    return (await eraseLead(id, audit)) ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }) : jsonError(404, "Not found.");
  },
  { mutates: true },
);

/** GET /api/admin/leads/{id}/export: everything held about the person, as a JSON download `lead-<id>.json`. */
export const leadExportRoute = adminRoute(async ({ params, audit }) => {
  const id = parseRowId(params.id);
  if (id === null) return jsonError(400, "Malformed id.");
  const data = await exportLead(id);
  if (!data) return jsonError(404, "Not found.");
  await audit({ action: "lead.exported", target: { kind: "lead", id } });
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="lead-${id}.json"`,
      "Cache-Control": "no-store",
    },
  });
});

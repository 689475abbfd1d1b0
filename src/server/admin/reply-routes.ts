import { fieldErrors, type ValidationIssues } from "@/lib/field-errors";
import { leadReplySchema, replyTemplatePatchSchema, replyTemplateSchema } from "@/lib/validation/reply-schemas";
import { createReplyTemplate, deleteReplyTemplate, getReplyTemplate, updateReplyTemplate } from "@/server/desk/reply-templates";
import { replyContext, replyTemplateList, replyToLead } from "@/server/desk/lead-replies";
import { adminRoute, parseRowId } from "@/server/admin/admin-route";
import { jsonError, jsonResponse } from "@/server/http/json-responses";
import { readJsonBody } from "@/server/http/json-responses";
import { kickOutbox } from "@/server/mail/mail-outbox";

/*
 * Reply templates and replies from a lead (docs/lead-mail.md). Every route: a session,
 * the same-origin check on changes, JSON 400 for bad input, 404 for an unknown lead or template.
 */

const MALFORMED_ID = "Malformed id.";

/** 400 with each invalid field's message under `fields` and `fieldErrors`, as the desk's other routes. */
function invalid(error: ValidationIssues): Response {
  const fields = fieldErrors(error);
  return jsonResponse({ error: "Some fields are invalid.", fields, fieldErrors: fields }, 400);
}

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

/** GET /api/admin/reply-templates. */
export const replyTemplateListRoute = adminRoute(async () => jsonResponse(await replyTemplateList()));

/** POST /api/admin/reply-templates: 201 `{ template }`. */
export const replyTemplateCreateRoute = adminRoute(
  async ({ request, audit }) => {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = replyTemplateSchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error);
    const template = await createReplyTemplate(parsed.data);
    await audit({ action: "template.created", target: { kind: "template", id: template.id } });
    return jsonResponse({ template }, 201);
  },
  { mutates: true },
);

/** GET /api/admin/reply-templates/{id}: `{ template }`. */
export const replyTemplateRoute = adminRoute(async ({ params }) => {
  const id = parseRowId(params.id);
  if (id === null) return jsonError(400, MALFORMED_ID);
  const template = await getReplyTemplate(id);
  return template ? jsonResponse({ template }) : jsonError(404, "No such template.");
});

/** PATCH /api/admin/reply-templates/{id}: `{ template }`. */
export const replyTemplateUpdateRoute = adminRoute(
  async ({ request, params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = replyTemplatePatchSchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error);
    const template = await updateReplyTemplate(id, parsed.data);
    if (!template) return jsonError(404, "No such template.");
    await audit({ action: "template.updated", target: { kind: "template", id } });
    return jsonResponse({ template });
  },
  { mutates: true },
);

/** DELETE /api/admin/reply-templates/{id}: 204. */
export const replyTemplateDeleteRoute = adminRoute(
  async ({ params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    if (!(await deleteReplyTemplate(id))) return jsonError(404, "No such template.");
    await audit({ action: "template.deleted", target: { kind: "template", id } });
    return noContent();
  },
  { mutates: true },
);

/** GET /api/admin/leads/{id}/replies: the Reply dialog's templates, filled for the lead. */
export const leadReplyContextRoute = adminRoute(async ({ params }) => {
  const id = parseRowId(params.id);
  if (id === null) return jsonError(400, MALFORMED_ID);
  const context = await replyContext(id);
  return context ? jsonResponse(context) : jsonError(404, "Not found.");
});

/** POST /api/admin/leads/{id}/replies: 201 `{ entry, lead }`: the reply's timeline entry and the lead as it is now. */
export const leadReplyRoute = adminRoute(
  async ({ request, params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = leadReplySchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error);
    const outcome = await replyToLead(id, parsed.data, Date.now(), audit);
    switch (outcome.status) {
      case "no-lead":
        return jsonError(404, "Not found.");
      case "no-template":
        return jsonError(404, "No such template.");
      case "no-email":
        return jsonError(409, "This lead has no e-mail address.");
      case "mail-off":
        return jsonError(409, "E-mail is not configured (SMTP_URL, MAIL_FROM, LEADS_TO): draft the reply instead.");
      case "done":
        if (outcome.queued) kickOutbox();
        return jsonResponse({ entry: outcome.entry, lead: outcome.lead }, 201);
    }
  },
  { mutates: true },
);

import { fieldErrors, type ValidationIssues } from "@/lib/field-errors";
import { leadCallSchema, leadCreateSchema, leadDuplicateDecisionSchema, leadListQuerySchema, leadNoteSchema, leadPatchSchema, todayPageQuerySchema } from "@/lib/validation/lead-desk-schemas";
import { getLeadDetail } from "@/server/desk/lead-detail";
import { addNote, deleteNote, editNote, type LeadChange, logCall, recordOpened, updateLead } from "@/server/leads/lead-changes";
import { listLeads } from "@/server/desk/lead-list";
import { addLeadByHand } from "@/server/leads/add-lead-by-hand";
import { type DuplicateDecision, markNotDuplicate, mergeLeads } from "@/server/leads/merge-leads";
import { getToday, getTodayPage } from "@/server/desk/today";
import { getAgenda } from "@/server/desk/agenda";
import { adminRoute, parseRowId } from "@/server/admin/admin-route";
import { jsonError, jsonResponse } from "@/server/http/json-responses";
import { readJsonBody } from "@/server/http/json-responses";
import { kickOutbox } from "@/server/mail/mail-outbox";

/*
 * The lead desk's JSON API (docs/lead-desk.md). Every route: a session, the same-origin
 * check on changes, JSON 400 for bad input, 404 for an unknown lead or note.
 */

const NOT_FOUND = "Not found.";
const MALFORMED_ID = "Malformed id.";

/** 400 with each invalid field's message, under `fields` (as the rest of the API) and `fieldErrors` (docs/lead-desk.md). */
function invalid(error: ValidationIssues): Response {
  const fields = fieldErrors(error);
  return jsonResponse({ error: "Some fields are invalid.", fields, fieldErrors: fields }, 400);
}

/** GET /api/admin/leads: search, filters, sort and one page. */
export const leadListRoute = adminRoute(async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  // One value per name: the first, as a browser's form would send it.
  for (const [name, value] of params) if (!(name in query) && value !== "") query[name] = value;
  const parsed = leadListQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(parsed.error);
  return jsonResponse(await listLeads(parsed.data));
});

/** POST /api/admin/leads: a lead taken by phone or in person; 409 `{ error, leadId }` when its e-mail or phone is a lead's already. */
export const leadCreateRoute = adminRoute(
  async ({ request, audit }) => {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = leadCreateSchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error);
    const outcome = await addLeadByHand(parsed.data, Date.now(), audit);
    if (outcome.status === "duplicate") return jsonResponse({ error: "A lead with this e-mail or phone exists already.", leadId: outcome.leadId }, 409);
    if (outcome.webhookQueued) kickOutbox();
    return jsonResponse(outcome.lead, 201);
  },
  { mutates: true },
);

/** GET /api/admin/leads/{id}. */
export const leadDetailRoute = adminRoute(async ({ params }) => {
  const id = parseRowId(params.id);
  if (id === null) return jsonError(400, MALFORMED_ID);
  const lead = await getLeadDetail(id);
  return lead ? jsonResponse(lead) : jsonError(404, NOT_FOUND);
});

/** The answer to a change: the lead as it is now; notifications released from Spam go out at once. */
function changed(change: LeadChange | undefined, status = 200): Response {
  if (!change) return jsonError(404, NOT_FOUND);
  if (change.releasedNotifications > 0) kickOutbox();
  return jsonResponse(change.lead, status);
}

/** PATCH /api/admin/leads/{id}: status, lost reason, next follow-up. */
export const leadUpdateRoute = adminRoute(
  async ({ request, params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = leadPatchSchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error);
    return changed(await updateLead(id, parsed.data, Date.now(), audit));
  },
  { mutates: true },
);

/** POST /api/admin/leads/{id}/view: the owner opened the lead. */
export const leadViewRoute = adminRoute(
  async ({ params }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    return (await recordOpened(id)) ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }) : jsonError(404, NOT_FOUND);
  },
  { mutates: true },
);

/** POST /api/admin/leads/{id}/calls: a call's outcome, its note and the next follow-up. */
export const leadCallRoute = adminRoute(
  async ({ request, params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = leadCallSchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error);
    return changed(await logCall(id, parsed.data, Date.now(), audit), 201);
  },
  { mutates: true },
);

/** POST /api/admin/leads/{id}/notes. */
export const leadNoteCreateRoute = adminRoute(
  async ({ request, params, audit }) => {
    const id = parseRowId(params.id);
    if (id === null) return jsonError(400, MALFORMED_ID);
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = leadNoteSchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error);
    const note = await addNote(id, parsed.data.text, Date.now(), audit, parsed.data.clientKey);
    return note ? jsonResponse({ note }, 201) : jsonError(404, NOT_FOUND);
  },
  { mutates: true },
);

function noteIds(params: Record<string, string | undefined>): { leadId: number; noteId: number } | null {
  const leadId = parseRowId(params.id);
  const noteId = parseRowId(params.noteId);
  return leadId === null || noteId === null ? null : { leadId, noteId };
}

/** PATCH /api/admin/leads/{id}/notes/{noteId}: a note's new text. */
export const leadNoteEditRoute = adminRoute(
  async ({ request, params, audit }) => {
    const ids = noteIds(params);
    if (!ids) return jsonError(400, MALFORMED_ID);
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const parsed = leadNoteSchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error);
    const note = await editNote(ids.leadId, ids.noteId, parsed.data.text, Date.now(), audit);
    return note ? jsonResponse({ note }) : jsonError(404, NOT_FOUND);
  },
  { mutates: true },
);

/** DELETE /api/admin/leads/{id}/notes/{noteId}. */
export const leadNoteDeleteRoute = adminRoute(
  async ({ params, audit }) => {
    const ids = noteIds(params);
    if (!ids) return jsonError(400, MALFORMED_ID);
    return (await deleteNote(ids.leadId, ids.noteId, audit)) ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }) : jsonError(404, NOT_FOUND);
  },
  { mutates: true },
);

/** The owner's answer to a possible duplicate: merge the other lead into this one, or "Not the same person". */
function duplicateDecisionRoute(decide: typeof mergeLeads) {
  return adminRoute(
    async ({ request, params, audit }) => {
      const id = parseRowId(params.id);
      if (id === null) return jsonError(400, MALFORMED_ID);
      const body = await readJsonBody(request);
      if (!body.ok) return body.response;
      const parsed = leadDuplicateDecisionSchema.safeParse(body.value);
      if (!parsed.success) return invalid(parsed.error);
      if (parsed.data.leadId === id) return invalid({ issues: [{ path: ["leadId"], message: "The other lead is another lead." }] });
      return decided(await decide(id, parsed.data.leadId, Date.now(), audit));
    },
    { mutates: true },
  );
}

function decided(outcome: DuplicateDecision): Response {
  if (outcome.status === "not-found") return jsonError(404, NOT_FOUND);
  if (outcome.status === "not-suggested") return jsonError(409, "These two leads are not suggested as one person.");
  return jsonResponse(outcome.lead);
}

/** POST /api/admin/leads/{id}/merge `{ leadId }`: the other lead becomes part of this one. */
export const leadMergeRoute = duplicateDecisionRoute(mergeLeads);

/** POST /api/admin/leads/{id}/not-duplicate `{ leadId }`: the two are not the same person; the suggestion goes for good. */
export const leadNotDuplicateRoute = duplicateDecisionRoute(markNotDuplicate);

/** GET /api/admin/today. */
export const todayRoute = adminRoute(async () => jsonResponse(await getToday()));

/** GET /api/admin/today/{group}?page=N: one page of a Today group (new, older, came-back, follow-ups). */
export const todayGroupRoute = adminRoute(async ({ request, params }) => {
  const parsed = todayPageQuerySchema.safeParse({ group: params.group, page: new URL(request.url).searchParams.get("page") ?? undefined });
  if (!parsed.success) return invalid(parsed.error);
  return jsonResponse(await getTodayPage(parsed.data.group, parsed.data.page));
});

/** GET /api/admin/agenda: the overdue follow-ups and the next 14 days' by day. */
export const agendaRoute = adminRoute(async () => jsonResponse(await getAgenda()));

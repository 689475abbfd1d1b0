import { fieldErrors } from "@/lib/field-errors";
import type { FormPostState } from "@/lib/form-post-state";
import { LIMITS } from "@/lib/validation/limits";
import { type PostedFormValues, type SubmissionKind, submissionForms } from "@/lib/validation/submission-forms";
import { FORM_REFERRER_FIELD } from "@/lib/attribution/visit-signals";
import { clientAddress } from "@/server/http/client-address";
import { readBodyBytes } from "@/server/http/json-responses";
import { formPageSignals, siteHosts } from "./lead-touches";
import { receiveLead } from "./receive-lead";

/*
 * The forms' plain HTML submissions, for visitors whose scripts did not run: the page
 * posts to itself and renders what this returns (the confirmation, or the field errors
 * with the values kept). Read field by field as the kind's form lists them, then the
 * same path as POST /api/contact and /api/survey.
 */

const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The posted fields, or null for a body no browser form sends (wrong type, over 64 KB, unreadable). */
async function readFormPost(request: Request): Promise<FormData | null> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_MEDIA_TYPES.includes(mediaType)) return null;
  try {
    const bytes = await readBodyBytes(request, LIMITS.bodyBytesMax);
    if (bytes === null) return null;
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
}

type FormValues = Record<string, string | boolean | string[]>;

/**
 * The form's fields as sent: text as typed, a checkbox as whether it was ticked, and
 * checkboxes sharing a name as the list of the ticked ones.
 */
function postedValues(kind: SubmissionKind, formData: FormData): FormValues {
  const values: FormValues = {};
  for (const { name, input } of submissionForms[kind].fields) {
    if (input === "flag") values[name] = formData.get(name) !== null;
    else if (input === "list") values[name] = formData.getAll(name).filter((value): value is string => typeof value === "string");
    else {
      const value = formData.get(name);
      if (typeof value === "string") values[name] = value;
    }
  }
  return values;
}

/** An empty box is no value, as in the JSON the script sends, so it gets its field's own message. */
function withoutEmptyText(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
}

export async function receiveLeadFormPost<Kind extends SubmissionKind>(
  kind: Kind,
  request: Request,
  socketAddress?: string,
): Promise<FormPostState<PostedFormValues[Kind]>> {
  const formData = await readFormPost(request);
  if (!formData) return { status: "failed", values: {} };
  const posted = postedValues(kind, formData);
  // Read by the same field list that PostedFormValues is built from.
  const values = posted as PostedFormValues[Kind];
  const { honeypot } = submissionForms[kind];
  const honeypotValue = formData.get(honeypot);
  // Without scripts nothing was kept in the browser: the form page is the visit (docs/attribution.md).
  const openedFrom = formData.get(FORM_REFERRER_FIELD);
  const touch = formPageSignals(request, typeof openedFrom === "string" ? openedFrom : null, Date.now());
  // Kept for the page's next post, as checked.
  const visitReferrer = touch.referrer ?? undefined;
  const input = {
    ...withoutEmptyText(posted),
    ...(typeof honeypotValue === "string" && honeypotValue !== "" ? { [honeypot]: honeypotValue } : {}),
    firstTouch: touch,
    lastTouch: touch,
  };
  try {
    const outcome = await receiveLead(kind, input, clientAddress(request.headers, socketAddress), siteHosts(request));
    if (outcome.status === "invalid") return { status: "invalid", fields: fieldErrors(outcome.issues), values, visitReferrer };
    if (outcome.status === "rate-limited") return { status: "failed", values, visitReferrer };
    return { status: "success" };
  } catch (error) {
    console.error(`[${kind}] no-script submission failed:`, error);
    return { status: "failed", values, visitReferrer };
  }
}

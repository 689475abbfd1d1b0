// zod/mini, as the other forms: the desk's screens may share these rules with the API.
import * as z from "zod/mini";
import "./zod-config";
import { leadServiceValues } from "../lead-services";
import { offlineLeadSources } from "../lead-desk";
import { LIMITS } from "./limits";
import { todayGroups } from "../lead-desk";
import { callOutcomes, followUpSnoozes, followUpTypes, LEAD_PAGE_SIZE_DEFAULT, LEAD_PAGE_SIZE_MAX, leadSorts, leadStatuses, LOST_NOTE_MAX, lostReasons, NOTE_TEXT_MAX, submissionKinds } from "../lead-desk";
import { leadChannels } from "../attribution/touch";
import { projectTypeValues } from "./project-types";
import { surveyServiceValues } from "./survey-services";
import { nameField, textField } from "./text-field";

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

/** A date and time with its offset (ISO 8601), e.g. 2031-05-04T14:00:00Z, within sane years. */
const dateTime = z.string({ error: "Use an ISO 8601 date and time, e.g. 2031-05-04T14:00:00Z." }).check(
  z.regex(ISO_DATE_TIME, "Use an ISO 8601 date and time, e.g. 2031-05-04T14:00:00Z."),
  z.refine((value: string) => {
    const time = Date.parse(value);
    return isCalendarDay(value.slice(0, 10)) && Number.isFinite(time) && time >= EARLIEST && time < LATEST;
  }, "That date is not valid."),
);

/** YYYY-MM-DD names a day that exists (Date.parse turns 02-30 into March). */
function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
}

export const calendarDate = z.string({ error: "Use a date as YYYY-MM-DD." }).check(
  z.regex(DATE, "Use a date as YYYY-MM-DD."),
  z.refine((value: string) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return isCalendarDay(value) && time >= EARLIEST && time < LATEST;
  }, "That date is not valid."),
);

/** A whole number from a query string. */
function wholeNumber(message: string, min: number, max: number) {
  return z.pipe(
    z.string({ error: message }).check(z.regex(/^\d{1,7}$/, message)),
    z.pipe(
      z.transform((value: string) => Number(value)),
      z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message)),
    ),
  );
}

const services = [...new Set<string>([...projectTypeValues, ...surveyServiceValues])] as [string, ...string[]];

/** GET /api/admin/leads, read from the query string (every value a string, each optional). */
export const leadListQuerySchema = z.object({
  q: z._default(z.string().check(z.maxLength(200, "Search at most 200 characters.")), ""),
  status: z.optional(z.enum(leadStatuses, { error: `Status is one of ${leadStatuses.join(", ")}.` })),
  kind: z.optional(z.enum(submissionKinds, { error: "Kind is contact or survey." })),
  service: z.optional(z.enum(services, { error: "Unknown service." })),
  from: z.optional(calendarDate),
  to: z.optional(calendarDate),
  /** The first or the last touch's channel, or campaign (any case), docs/attribution.md. */
  channel: z.optional(z.enum(leadChannels, { error: `Channel is one of ${leadChannels.join(", ")}.` })),
  campaign: z.optional(textField("Campaign is text.", z.minLength(1, "Name a campaign."), z.maxLength(200, "A campaign is at most 200 characters."))),
  sort: z._default(z.enum(leadSorts, { error: `Sort is one of ${leadSorts.join(", ")}.` }), "recent"),
  page: z._default(wholeNumber("Page is a whole number from 1.", 1, 1_000_000), 1),
  pageSize: z._default(wholeNumber(`Page size is a whole number from 1 to ${LEAD_PAGE_SIZE_MAX}.`, 1, LEAD_PAGE_SIZE_MAX), LEAD_PAGE_SIZE_DEFAULT),
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

/** GET /api/admin/today/{group}?page=N. */
export const todayPageQuerySchema = z.object({
  group: z.enum(todayGroups, { error: `The group is one of ${todayGroups.join(", ")}.` }),
  page: z._default(wholeNumber("Page is a whole number from 1.", 1, 1_000_000), 1),
});

const lostNote = textField("The note is text.", z.maxLength(LOST_NOTE_MAX, `The note must be at most ${LOST_NOTE_MAX} characters.`));
const followUp = z.nullable(dateTime);
const followUpType = z.enum(followUpTypes, { error: `The follow-up type is one of ${followUpTypes.join(", ")}.` });
/** The offline queue's idempotency key for a call or a note (docs/lead-desk.md): the same key is stored once. */
const clientKey = z.string({ error: "The key is text." }).check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, "The key is 8 to 64 letters, digits, - or _."));

/** PATCH /api/admin/leads/{id}. */
export const leadPatchSchema = z
  .object({
    status: z.optional(z.enum(leadStatuses, { error: `Status is one of ${leadStatuses.join(", ")}.` })),
    lostReason: z.optional(z.enum(lostReasons, { error: `The reason is one of ${lostReasons.join(", ")}.` })),
    lostNote: z.optional(z.nullable(lostNote)),
    nextFollowUpAt: z.optional(followUp),
    nextFollowUpType: z.optional(followUpType),
    /** Moves the pending follow-up: an hour from now, tomorrow or next week at its time of day. */
    snooze: z.optional(z.enum(followUpSnoozes, { error: `Snooze is one of ${followUpSnoozes.join(", ")}.` })),
  })
  .check(
    z.refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: "Nothing to change.", path: ["_root"] }),
    z.refine((patch) => patch.snooze === undefined || patch.nextFollowUpAt === undefined, { message: "Snooze or set a time, not both.", path: ["snooze"] }),
    z.refine((patch) => patch.status !== "lost" || patch.lostReason !== undefined, { message: "A lost lead needs a reason.", path: ["lostReason"] }),
    z.refine((patch) => (patch.lostReason === undefined && patch.lostNote === undefined) || patch.status === "lost", {
      message: "A reason goes with the status lost.",
      path: ["status"],
    }),
    z.refine((patch) => patch.lostReason !== "other" || (patch.lostNote ?? "") !== "", { message: "Say why, when the reason is other.", path: ["lostNote"] }),
  );
export type LeadPatch = z.output<typeof leadPatchSchema>;

/** POST /api/admin/leads/{id}/notes and PATCH …/notes/{noteId}. */
export const leadNoteSchema = z.object({
  text: textField("The note is text.", z.minLength(1, "Write the note."), z.maxLength(NOTE_TEXT_MAX, `A note is at most ${NOTE_TEXT_MAX} characters.`)),
  clientKey: z.optional(clientKey),
});

/** POST /api/admin/leads/{id}/merge and …/not-duplicate: the other lead of a possible duplicate. */
export const leadDuplicateDecisionSchema = z.object({
  leadId: z.int("The other lead is a lead's id.").check(z.positive("The other lead is a lead's id.")),
});
export type LeadDuplicateDecision = z.infer<typeof leadDuplicateDecisionSchema>;

/** POST /api/admin/leads/{id}/calls. */
export const leadCallSchema = z.object({
  outcome: z.enum(callOutcomes, { error: `The outcome is one of ${callOutcomes.join(", ")}.` }),
  note: z.optional(z.nullable(textField("The note is text.", z.maxLength(NOTE_TEXT_MAX, `A note is at most ${NOTE_TEXT_MAX} characters.`)))),
  nextFollowUpAt: z.optional(followUp),
  nextFollowUpType: z.optional(followUpType),
  clientKey: z.optional(clientKey),
});
export type LeadCall = z.output<typeof leadCallSchema>;

const QUICK_ADD_EMAIL = "Enter a valid e-mail address, or leave it empty.";
const QUICK_ADD_PHONE = "Enter a phone number with at least 7 digits, or leave it empty.";
const QUICK_ADD_REACH = "Give an e-mail address or a phone number.";

/**
 * POST /api/admin/leads: a lead the owner takes by phone or in person (the "Add lead"
 * form uses the same schema). Empty optional fields are "".
 */
export const leadCreateSchema = z
  .object({
    name: nameField("The name is text.", z.minLength(1, "Enter the name."), z.maxLength(LIMITS.nameMax, `A name is at most ${LIMITS.nameMax} characters.`)),
    business: z._default(nameField("The business is text.", z.maxLength(LIMITS.businessNameMax, `A business name is at most ${LIMITS.businessNameMax} characters.`)), ""),
    email: z._default(
      textField(QUICK_ADD_EMAIL, z.maxLength(LIMITS.emailMax, QUICK_ADD_EMAIL), z.refine((value: string) => value === "" || z.regexes.email.test(value), QUICK_ADD_EMAIL)),
      "",
    ),
    phone: z._default(
      textField(QUICK_ADD_PHONE, z.maxLength(LIMITS.phoneMax, `A phone number is at most ${LIMITS.phoneMax} characters.`), z.refine((value: string) => value === "" || value.replace(/\D/g, "").length >= 7, QUICK_ADD_PHONE)),
      "",
    ),
    service: z._default(z.union([z.literal(""), z.enum(leadServiceValues, { error: "Choose a service from the list." })], { error: "Choose a service from the list." }), ""),
    source: z.enum(offlineLeadSources, { error: "Say how the lead came: phone or walk-in." }),
    note: z._default(textField("The note is text.", z.maxLength(NOTE_TEXT_MAX, `A note is at most ${NOTE_TEXT_MAX} characters.`)), ""),
    nextFollowUpAt: z.optional(followUp),
    nextFollowUpType: z.optional(followUpType),
  })
  .check(z.refine((lead) => lead.email !== "" || lead.phone !== "", { message: QUICK_ADD_REACH, path: ["phone"] }));
export type LeadCreateInput = z.input<typeof leadCreateSchema>;
export type LeadCreate = z.output<typeof leadCreateSchema>;

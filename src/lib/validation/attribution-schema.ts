// zod/mini, as the forms' schemas that include it.
import * as z from "zod/mini";
import "./zod-config";
import { CLICK_ID_MAX, HOST_MAX, LANDING_PAGE_MAX, SIGNAL_TEXT_MAX } from "../attribution/visit-signals";
import { withoutSpoofingControls } from "./limits";

/*
 * The attribution part of the contact and survey schemas: the first and the last touch
 * the browser kept (src/lib/attribution/touch-storage.ts), or the no-script post built
 * (src/server/leads/lead-form-post.ts). Each value is checked strictly, and a value that
 * fails is dropped (null), never the submission: a visitor's enquiry matters more than
 * knowing which link brought it. A channel sent along is ignored (the object keeps only
 * these keys); the server works it out from these values.
 */

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;
const CLICK_ID = /^[A-Za-z0-9._~-]+$/;
/** A path on this site, with its query: one leading slash (// would name another host), no spaces or controls. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const LANDING_PAGE = /^\/(?!\/)[^\s\u0000-\u001f\u007f]*$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A kept touch is at most 90 days old; a year leaves room for a wrong clock. */
const OLDEST_MS = 366 * 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** A value kept when it passes `checks`, else null; an empty one is none. */
function droppable(...checks: Parameters<ReturnType<typeof z.string>["check"]>) {
  return z.catch(z.nullable(z.pipe(z.string().check(z.trim(), ...checks), z.transform((value: string) => (value === "" ? null : value)))), null);
}

const text = droppable(z.overwrite(withoutSpoofingControls), z.trim(), z.maxLength(SIGNAL_TEXT_MAX), z.regex(NO_CONTROL));
const clickId = droppable(z.maxLength(CLICK_ID_MAX), z.regex(CLICK_ID));

/** When the touch happened; when it is missing or unbelievable, the time the submission arrived. */
const visitTime = z.catch(
  z.pipe(
    z.string().check(
      z.regex(ISO_DATE_TIME),
      z.refine((value: string) => {
        const time = Date.parse(value);
        const day = value.slice(0, 10);
        // Date.parse turns 02-30 into March: the day must be one the calendar has.
        const dayStart = Date.parse(`${day}T00:00:00Z`);
        const realDay = Number.isFinite(dayStart) && new Date(dayStart).toISOString().startsWith(day);
        return realDay && Number.isFinite(time) && time > Date.now() - OLDEST_MS && time < Date.now() + CLOCK_SKEW_MS;
      }),
    ),
    z.transform((value: string) => new Date(Date.parse(value)).toISOString()),
  ),
  () => new Date().toISOString(),
);

export const visitSignalsSchema = z.object({
  source: text,
  medium: text,
  campaign: text,
  term: text,
  content: text,
  gclid: clickId,
  msclkid: clickId,
  fbclid: clickId,
  referrer: droppable(z.toLowerCase(), z.maxLength(HOST_MAX), z.regex(HOST)),
  landingPage: droppable(z.maxLength(LANDING_PAGE_MAX), z.regex(LANDING_PAGE)),
  at: visitTime,
});

/** A touch that is not an object at all is dropped whole. */
const touch = z.optional(z.catch(z.nullable(visitSignalsSchema), null));

/** Spread into each form's schema: both touches optional, neither able to fail the submission. */
export const attributionShape = { firstTouch: touch, lastTouch: touch };

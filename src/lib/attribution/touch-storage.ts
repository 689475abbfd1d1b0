import { isDirectVisit, type VisitSignals, visitSignals } from "./visit-signals";

/*
 * The browser's half of attribution: on every public page (SiteLayout.astro), once per
 * visit, it notes where the visitor came from, and the forms send what it kept with a
 * submission (docs/attribution.md). localStorage, not a cookie: the values never need to
 * reach the server with every request, only with a form the visitor sends, and they stay
 * in this site's own storage, which no other site can read. Nothing here hydrates React.
 */

/** The key the touches are kept under, as the privacy page names it. */
export const TOUCH_STORAGE_KEY = "sr_attribution";
/** Set for the length of a browser session, so the first page of each session counts as a visit. */
export const VISIT_SESSION_KEY = "sr_visit";
export const TOUCH_LIFETIME_DAYS = 90;
const TOUCH_LIFETIME_MS = TOUCH_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export type StoredTouches = { firstTouch?: VisitSignals; lastTouch?: VisitSignals };

function alive(touch: unknown, now: number): touch is VisitSignals {
  if (typeof touch !== "object" || touch === null) return false;
  const at = Date.parse(String((touch as { at?: unknown }).at));
  return Number.isFinite(at) && now - at < TOUCH_LIFETIME_MS;
}

/** The first and the last touch this browser keeps, each only while it is younger than 90 days. */
export function storedTouches(now = Date.now()): StoredTouches {
  try {
    const kept = JSON.parse(localStorage.getItem(TOUCH_STORAGE_KEY) ?? "{}") as Record<string, unknown>;
    return {
      ...(alive(kept.firstTouch, now) ? { firstTouch: kept.firstTouch } : {}),
      ...(alive(kept.lastTouch, now) ? { lastTouch: kept.lastTouch } : {}),
    };
  } catch {
    // Storage blocked or damaged: the submission goes without a touch.
    return {};
  }
}

/** Same values, whenever they were seen. */
function sameSignals(a: VisitSignals, b: VisitSignals): boolean {
  return (Object.keys(a) as (keyof VisitSignals)[]).every((key) => key === "at" || a[key] === b[key]);
}

/**
 * Notes this page if it starts a visit: the first page of a browser session, or any page
 * reached from another site or with campaign parameters or a click id. The first touch is
 * kept once (until it is 90 days old); the last touch is replaced by each visit that says
 * where it came from, while a direct visit (typed address, bookmark) never replaces one
 * that did, as in GA4.
 */
export function recordVisit(now = new Date()): void {
  try {
    const signals = visitSignals(new URL(location.href), document.referrer, [], now);
    const firstOfSession = sessionStorage.getItem(VISIT_SESSION_KEY) === null;
    sessionStorage.setItem(VISIT_SESSION_KEY, "1");
    const direct = isDirectVisit(signals);
    if (direct && !firstOfSession) return;
    const { firstTouch, lastTouch } = storedTouches(now.getTime());
    // A reload of the landing page is not a new visit.
    if (!firstOfSession && lastTouch && sameSignals(lastTouch, signals)) return;
    const next: StoredTouches = { firstTouch: firstTouch ?? signals, lastTouch: direct && lastTouch ? lastTouch : signals };
    localStorage.setItem(TOUCH_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // No storage (blocked, full, private mode): nothing is kept, nothing breaks.
  }
}

import { site } from "@/content/site";
import { channelOfTouch, withoutOwnReferrer } from "@/lib/attribution/channel-of-touch";
import { leadChannels, type Touch } from "@/lib/attribution/touch";
import { externalReferrer, type VisitSignals, visitSignals } from "@/lib/attribution/visit-signals";
import { visitSignalsSchema } from "@/lib/validation/attribution-schema";

/*
 * The server's half of attribution (docs/attribution.md): a submission's raw visit
 * signals become touches, each with the channel worked out here (never the client's),
 * and the touches stored as JSON are read back for the desk.
 */

/** The first and the last touch of one submission; the last is the submission's own. */
export type SubmissionTouches = { first: Touch | null; last: Touch | null };

/** The site's own hosts, as a request reached it and as SITE_URL names it: never a referrer. */
export function siteHosts(request: Request): string[] {
  const hosts = [new URL(site.url).host];
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) hosts.push(host);
  try {
    hosts.push(new URL(request.url).host);
  } catch {
    // A request always has an absolute URL here; the site's address is enough without it.
  }
  return hosts;
}

/** The touch of a visit: its values as sent, its channel by GA4's rules, its time no later than `now`. */
export function touchOf(visit: VisitSignals, ownHosts: readonly string[], now: number): Touch {
  const signals = withoutOwnReferrer(visit, ownHosts);
  const at = Math.min(Date.parse(signals.at), now);
  return {
    source: signals.source,
    medium: signals.medium,
    campaign: signals.campaign,
    term: signals.term,
    content: signals.content,
    clickId: signals.gclid ?? signals.msclkid ?? signals.fbclid,
    referrer: signals.referrer,
    landingPage: signals.landingPage,
    channel: channelOfTouch(signals),
    at: new Date(Number.isFinite(at) ? at : now).toISOString(),
  };
}

/**
 * A submission's touches from the validated attribution part of its data (either may be
 * missing: one stands in for the other, and with neither there is no touch).
 */
export function submissionTouches(
  data: { firstTouch?: VisitSignals | null; lastTouch?: VisitSignals | null },
  ownHosts: readonly string[],
  now: number,
): SubmissionTouches {
  const first = data.firstTouch ?? data.lastTouch ?? null;
  const last = data.lastTouch ?? data.firstTouch ?? null;
  return { first: first && touchOf(first, ownHosts, now), last: last && touchOf(last, ownHosts, now) };
}

/** The other site a form page was opened from (its host), for the page's hidden FORM_REFERRER_FIELD. */
export function formPageReferrer(request: Request): string | null {
  return externalReferrer(request.headers.get("referer"), siteHosts(request));
}

/**
 * The visit a no-script form post stands for: the form page is the landing page, its own
 * query gives the campaign values (the form posts to the address it was shown at), and
 * the referrer is the one the page was opened from (kept in the form, see
 * FORM_REFERRER_FIELD by formPageReferrer), else the post's own Referer when that is another site.
 */
export function formPageSignals(request: Request, openedFrom: string | null, now: number): VisitSignals {
  const hosts = siteHosts(request);
  const signals = visitSignals(new URL(request.url), request.headers.get("referer"), hosts, new Date(now));
  const referrer = openedFrom ? (visitSignalsSchema.shape.referrer.parse(openedFrom) as string | null) : null;
  return { ...signals, referrer: referrer ?? signals.referrer };
}

/** A stored touch, or null when there is none or the cell is damaged (it must not take the lead down). */
export function readStoredTouch(text: string | null): Touch | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<Touch> | null;
    if (typeof value !== "object" || value === null || !leadChannels.includes(value.channel as Touch["channel"]) || typeof value.at !== "string") return null;
    const field = (name: keyof Touch) => (typeof value[name] === "string" ? (value[name] as string) : null);
    return {
      source: field("source"),
      medium: field("medium"),
      campaign: field("campaign"),
      term: field("term"),
      content: field("content"),
      clickId: field("clickId"),
      referrer: field("referrer"),
      landingPage: field("landingPage"),
      channel: value.channel as Touch["channel"],
      at: value.at,
    };
  } catch {
    return null;
  }
}

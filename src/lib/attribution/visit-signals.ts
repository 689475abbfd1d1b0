/**
 * What a visit's first page tells about where the visitor came from, as the address and
 * the browser gave it: the campaign parameters, the click ids, the referring host and the
 * landing page. The browser keeps these (touch-storage.ts), the forms send them, the
 * no-script form post builds them on the server, and the server alone turns them into a
 * touch with its channel (channel-of-touch.ts), so a client never names its own channel.
 */
export type VisitSignals = {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
  gclid: string | null;
  msclkid: string | null;
  fbclid: string | null;
  /** The referring site's host, lower case; never the site's own. */
  referrer: string | null;
  /** Path and query of the visit's first page. */
  landingPage: string | null;
  /** ISO 8601 time of the visit's first page. */
  at: string;
};

/** The address parameters a visit's signals are read from, by the field they fill. */
export const CAMPAIGN_PARAMETERS = {
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  term: "utm_term",
  content: "utm_content",
  gclid: "gclid",
  msclkid: "msclkid",
  fbclid: "fbclid",
} as const;

/**
 * The hidden field of a form page (rendered on the server, for visitors without scripts)
 * that carries the other site the page was opened from into the page's own post.
 */
export const FORM_REFERRER_FIELD = "visitReferrer";

export const SIGNAL_TEXT_MAX = 200;
export const CLICK_ID_MAX = 500;
export const LANDING_PAGE_MAX = 1000;
export const HOST_MAX = 253;

/** A host without the www. that sites often add or drop, so example.com and www.example.com are one site. */
export function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

/** The host of a referring address, or null when there is none, it is unreadable, or it is one of the site's own. */
export function externalReferrer(referrer: string | null | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.host.toLowerCase();
  } catch {
    return null;
  }
  const own = ownHosts.map(bareHost);
  return host === "" || own.includes(bareHost(host)) ? null : host.slice(0, HOST_MAX);
}

/**
 * The signals of a page opened at `url` from `referrer`. Values are trimmed and cut to
 * their bounds here, so what the browser keeps is what the server would accept.
 */
export function visitSignals(url: URL, referrer: string | null | undefined, ownHosts: readonly string[], at: Date): VisitSignals {
  const read = (name: string, max: number) => {
    const value = url.searchParams.get(name)?.trim();
    return value ? value.slice(0, max) : null;
  };
  return {
    source: read(CAMPAIGN_PARAMETERS.source, SIGNAL_TEXT_MAX),
    medium: read(CAMPAIGN_PARAMETERS.medium, SIGNAL_TEXT_MAX),
    campaign: read(CAMPAIGN_PARAMETERS.campaign, SIGNAL_TEXT_MAX),
    term: read(CAMPAIGN_PARAMETERS.term, SIGNAL_TEXT_MAX),
    content: read(CAMPAIGN_PARAMETERS.content, SIGNAL_TEXT_MAX),
    gclid: read(CAMPAIGN_PARAMETERS.gclid, CLICK_ID_MAX),
    msclkid: read(CAMPAIGN_PARAMETERS.msclkid, CLICK_ID_MAX),
    fbclid: read(CAMPAIGN_PARAMETERS.fbclid, CLICK_ID_MAX),
    referrer: externalReferrer(referrer, [url.host, ...ownHosts]),
    landingPage: `${url.pathname}${url.search}`.slice(0, LANDING_PAGE_MAX),
    at: at.toISOString(),
  };
}

/**
 * A visit with nothing that says where it came from: no campaign parameter, no click id
 * and no other site's link. GA4 files it under Direct, and a direct visit never replaces
 * a known last touch.
 */
export function isDirectVisit(signals: Omit<VisitSignals, "landingPage" | "at">): boolean {
  return (
    !signals.source &&
    !signals.medium &&
    !signals.campaign &&
    !signals.term &&
    !signals.content &&
    !signals.gclid &&
    !signals.msclkid &&
    !signals.fbclid &&
    !signals.referrer
  );
}

import type { LeadChannel } from "./touch";
import { bareHost, isDirectVisit, type VisitSignals } from "./visit-signals";

/*
 * GA4's default channel group, for the eight channels a web visit can fall in here
 * (docs/attribution.md has the rule table and its source: Google Analytics Help,
 * "[GA4] Default channel group", support.google.com/analytics/answer/9756891).
 * The rules run in GA4's order and the first that matches wins; GA4's channels the desk
 * does not keep (Display, Paid Other, Paid/Organic Video, Shopping, Affiliates, Audio,
 * SMS, Mobile Push, Cross-network) leave a touch Unassigned. Matching ignores case, as
 * GA4's does. Shared by the browser and the server; the server's answer is the one kept.
 */

/**
 * Search engines and social sites, by the name a utm_source or a host carries ("google"
 * matches www.google.co.uk), or by a whole host where the name alone would be too short. A modest
 * list of the sites that send people to a local business, after GA4's own source
 * categories (the "list of search sites" and "list of social sites" of the rule table,
 * published as a download on the same help page); extend it here when the owner sees a
 * known site counted as Referral.
 */
export const SEARCH_SITES = [
  "google",
  "bing",
  "yahoo",
  "duckduckgo",
  "ecosia",
  "baidu",
  "yandex",
  "ask",
  "aol",
  "msn",
  "startpage",
  "qwant",
  "brave",
  "naver",
  "seznam",
  "sogou",
  "kagi",
] as const;

export const SOCIAL_SITES = [
  "facebook",
  "fb",
  "instagram",
  "ig",
  "messenger",
  "linkedin",
  "lnkd.in",
  "twitter",
  "t.co",
  "x.com",
  "threads",
  "pinterest",
  "reddit",
  "tiktok",
  "nextdoor",
  "tumblr",
  "quora",
  "snapchat",
  "whatsapp",
  "bsky",
  "mastodon",
  "yelp",
] as const;

/** GA4's patterns, written as it writes them. */
const PAID_MEDIUM = /^(.*cp.*|ppc|retargeting|paid.*)$/i;
const DISPLAY_MEDIUM = /^(display|banner|expandable|interstitial|cpm)$/i;
const SOCIAL_MEDIUM = /^(social|social-network|social-media|sm|social network|social media)$/i;
const EMAIL = /^(email|e-mail|e_mail|e mail)$/i;
const REFERRAL_MEDIUM = /^(referral|app|link)$/i;
const ORGANIC_MEDIUM = /^organic$/i;

/** The last label before a host's public suffix: "www.google.co.uk" → "google", "t.co" → "t". */
function siteName(host: string): string {
  const labels = bareHost(host).replace(/:\d+$/, "").split(".");
  if (labels.length === 1) return labels[0]!;
  // Two-letter country domains under a generic second level (co.uk, com.au): one label further in.
  const last = labels[labels.length - 1]!;
  const second = labels[labels.length - 2]!;
  const countrySuffix = last.length === 2 && ["co", "com", "org", "net", "ne", "or", "ac", "gov"].includes(second) && labels.length >= 3;
  return labels[labels.length - (countrySuffix ? 3 : 2)]!;
}

/** A source matches a list by name ("facebook", "ig") or as a host of a listed site ("m.facebook.com", "lnkd.in"). */
function inList(source: string | null, list: readonly string[]): boolean {
  if (!source) return false;
  const value = source.trim().toLowerCase();
  if (list.includes(value)) return true;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/.test(value)) return false;
  const host = bareHost(value.replace(/:\d+$/, ""));
  return list.some((entry) => (entry.includes(".") ? host === entry || host.endsWith(`.${entry}`) : siteName(host) === entry));
}

/**
 * Source and medium as GA4 derives them when the address does not give them: a Google Ads
 * or Microsoft Ads click id is the ad network's cpc (auto-tagging); a link from a search
 * engine is organic, from another site a referral; Facebook's fbclid, added to every
 * outbound link, paid or not, names Facebook when the browser sent no referrer.
 */
function effectiveSourceAndMedium(signals: VisitSignals): { source: string | null; medium: string | null } {
  if (signals.gclid && !signals.source && !signals.medium) return { source: "google", medium: "cpc" };
  if (signals.msclkid && !signals.source && !signals.medium) return { source: "bing", medium: "cpc" };
  const referrer = signals.referrer;
  const source = signals.source ?? referrer ?? (signals.fbclid ? "facebook" : null);
  if (signals.medium) return { source, medium: signals.medium };
  if (signals.source) return { source, medium: null };
  if (referrer) return { source, medium: inList(referrer, SEARCH_SITES) ? "organic" : "referral" };
  return { source, medium: null };
}

/** The signals with a referrer that is one of the site's own hosts taken out: moving within the site is no referral. */
export function withoutOwnReferrer(signals: VisitSignals, ownHosts: readonly string[]): VisitSignals {
  const own = ownHosts.map(bareHost);
  return signals.referrer !== null && own.includes(bareHost(signals.referrer)) ? { ...signals, referrer: null } : signals;
}

/** The channel of a visit's signals, by GA4's default channel group; a referrer among `ownHosts` does not count. */
export function channelOfTouch(visit: VisitSignals, ownHosts: readonly string[] = []): LeadChannel {
  const signals = withoutOwnReferrer(visit, ownHosts);
  if (isDirectVisit(signals)) return "Direct";
  const { source, medium } = effectiveSourceAndMedium(signals);
  const paid = medium !== null && PAID_MEDIUM.test(medium);
  const is = (pattern: RegExp, value: string | null) => value !== null && pattern.test(value.trim());

  // Google Ads and Microsoft Ads clicks are search ads, whatever else the address says.
  if (signals.gclid || signals.msclkid) return "Paid Search";
  if (inList(source, SEARCH_SITES) && paid) return "Paid Search";
  if (inList(source, SOCIAL_SITES) && paid) return "Paid Social";
  // GA4's Display and Paid Other: paid, but not a channel the desk keeps.
  if (is(DISPLAY_MEDIUM, medium) || paid) return "Unassigned";
  if (inList(source, SOCIAL_SITES) || is(SOCIAL_MEDIUM, medium)) return "Organic Social";
  if (inList(source, SEARCH_SITES) || is(ORGANIC_MEDIUM, medium)) return "Organic Search";
  if (is(REFERRAL_MEDIUM, medium)) return "Referral";
  if (is(EMAIL, source) || is(EMAIL, medium)) return "Email";
  return "Unassigned";
}

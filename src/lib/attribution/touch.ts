/**
 * A touch: what brought a visitor to the site on one visit, or how the owner met a lead
 * taken by phone or in person. The desk API's `firstTouch` and `lastTouch` of a lead and
 * the `touch` of each submission have this shape (docs/attribution.md).
 */

/** GA4's default channel groups that a web visit can fall in. */
export const webChannels = ["Direct", "Organic Search", "Paid Search", "Organic Social", "Paid Social", "Email", "Referral", "Unassigned"] as const;
/** Leads the owner adds by hand, after a phone call or a visit in person. */
export const offlineChannels = ["Phone", "Walk-in"] as const;
export const leadChannels = [...webChannels, ...offlineChannels] as const;
export type LeadChannel = (typeof leadChannels)[number];

export type Touch = {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
  /** gclid, msclkid or fbclid, whichever the landing URL carried. */
  clickId: string | null;
  /** The referring site's host; never the site's own. */
  referrer: string | null;
  /** Path and query of the first page of the visit. */
  landingPage: string | null;
  channel: LeadChannel;
  /** ISO 8601 time of the visit's first page. */
  at: string;
};

import type { QuoteBilling, QuoteTotals } from "./quote-totals";

export const quoteStatuses = ["draft", "sent", "viewed", "accepted", "declined", "expired", "replaced"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export type QuoteLine = {
  id: number;
  catalogId: string | null;
  description: string;
  quantity: number;
  unitCents: number;
  billing: QuoteBilling;
  optional: boolean;
  /** Counted in the totals (a required line always; an optional one once ticked). */
  selected: boolean;
  taxRate: number;
  discountCents: number;
  totalCents: number;
};

/** A quote as the desk's API answers it (docs/quotes.md). */
export type Quote = {
  id: number;
  leadId: number;
  /** Q-2026-0001, or Q-2026-0001-B for a revision. */
  number: string;
  revision: string;
  status: QuoteStatus;
  lines: QuoteLine[];
  totals: QuoteTotals;
  discountCents: number;
  /** The last day it can be accepted (YYYY-MM-DD), which ends at midnight in America/New_York. */
  validUntil: string;
  expiresAt: string;
  note: string | null;
  terms: string;
  sentAt: string | null;
  viewedAt: string | null;
  acceptedAt: string | null;
  acceptedName: string | null;
  /** Who recorded the acceptance: the customer on the page, or the owner ("accepted by phone"). */
  acceptedBy: "customer" | "owner" | null;
  declinedReason: string | null;
  /** The number of the revision that replaced this one. */
  replacedBy: string | null;
  createdAt: string;
};

/** What the customer's link shows (GET /api/quotes/{token}). */
export type PublicQuote = {
  number: string;
  status: QuoteStatus;
  validUntil: string;
  lines: Omit<QuoteLine, "catalogId">[];
  totals: QuoteTotals;
  /** The discount on the one-time total as written (the totals apply it, never below zero). */
  discountCents: number;
  note: string | null;
  terms: string;
  customerName: string;
  acceptedAt: string | null;
  acceptedName: string | null;
};

export type QuoteCatalogItem = { id: string; name: string; unitCents: number; billing: QuoteBilling };

/** What the customer agrees to by ticking the box; stored word for word with the acceptance. */
export const QUOTE_CONSENT_TEXT = "I agree to the terms above and accept this quote. Typing my full name is my electronic signature.";

/** A quote whose last day is this many days away on the business's calendar, or fewer, is on Today. */
export const QUOTE_EXPIRY_WARNING_DAYS = 3;

/** An open quote Today asks the owner to chase (GET /api/admin/today/quotes): the customer looked at it, or its last days are running out. */
export type QuoteToChase = {
  quoteId: number;
  leadId: number;
  name: string;
  number: string;
  oneTimeCents: number;
  monthlyCents: number;
  validUntil: string;
  /** Whole days left after today on the business's calendar (America/New_York): 0 means it ends at midnight tonight. */
  daysLeft: number;
  viewedAt: string | null;
};

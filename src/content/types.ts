/**
 * Content types. Content is plain data (no JSX): components decide how it looks,
 * and icons are referenced by name so this folder stays importable anywhere.
 */

export type IconName =
  | "wifi"
  | "network"
  | "phone"
  | "camera"
  | "cable"
  | "headset"
  | "globe"
  | "calendar"
  | "satellite"
  | "radio"
  | "stethoscope"
  | "shopping-cart"
  | "home"
  | "tent"
  | "landmark"
  | "shield"
  | "server"
  | "message"
  | "voicemail"
  | "route"
  | "map-pin"
  | "smartphone"
  | "award"
  | "users"
  | "handshake"
  | "lightbulb"
  | "clock";

/** A photo from the stock-photo service (images.unsplash.com) or a local asset. */
export interface ContentImage {
  src: string;
  alt: string;
}

export interface ServiceStatistic {
  value: string;
  label: string;
}

export interface Service {
  slug: string;
  title: string;
  /** One or two sentences; the home card clamps it to two lines. */
  description: string;
  icon: IconName;
  features: readonly [string, string, string];
  extraFeatures?: readonly [string, string, string, string];
  image?: ContentImage;
  /** "Additional Information" paragraphs (the spec has them for VoIP only). */
  details?: readonly string[];
  /** Headline statistic on the back of the home flip card (§9). */
  statistic?: ServiceStatistic;
  /** Label of the call-to-action button on the detail page. */
  ctaLabel: "Get a Quote" | "Request Information";
  /** Where the /services grid's Learn More goes when not the detail page. */
  learnMoreHref?: string;
}

export interface Industry {
  /** Used as the anchor id on /industries. */
  slug: string;
  name: string;
  description: string;
  fullDescription?: string;
  solutions: readonly string[];
  icon: IconName;
}

export type CaseStudyCategory =
  | "Event WiFi"
  | "Rural Connectivity"
  | "Network Infrastructure"
  | "Web Design"
  | "Healthcare IT";

export interface CaseStudy {
  slug: string;
  title: string;
  description: string;
  category: CaseStudyCategory;
  image: ContentImage;
  client: string;
  location: string;
}

/** The six blog categories of §3; the article schema (src/content.config.ts) accepts only these. */
export const POST_CATEGORIES = [
  "Event Technology",
  "Network Infrastructure",
  "Internet Solutions",
  "Web Design",
  "VoIP Technology",
  "Security",
] as const;

export type PostCategory = (typeof POST_CATEGORIES)[number];

export interface FaqItem {
  question: string;
  answer: string;
}

export interface Feature {
  title: string;
  description: string;
  icon: IconName;
}

export interface PostSummary {
  slug: string;
  title: string;
  category: PostCategory;
  /** Human-readable, as the spec shows it ("May 15, 2023"). */
  date: string;
  /** ISO 8601 date for machines (<time>, feeds, structured data). */
  dateIso: string;
  author: string;
  excerpt: string;
  image: ContentImage;
  readTimeMinutes: number;
}

/**
 * The business facts, in one place. Phone, e-mail and address may be overridden
 * from the environment so a deployment never needs a code change for them.
 * Values are read at build time for static pages and at start for the server.
 */

export interface SocialLinks {
  facebook?: string;
  twitter?: string;
  linkedin?: string;
  instagram?: string;
  youtube?: string;
}

export interface PostalAddress {
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface ServiceArea {
  state: string;
  stateCode: "SC" | "NC" | "GA";
  cities: readonly string[];
}

function env(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function formatAddress(address: PostalAddress): string {
  return `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}`;
}

const defaultAddress: PostalAddress = {
  street: "118 South Main Street, Suite 2",
  locality: "Travelers Rest",
  region: "SC",
  postalCode: "29690",
  country: "US",
};

const addressOverride = env("BUSINESS_ADDRESS");

const phoneDisplay = env("BUSINESS_PHONE") ?? "(864) 555-0142";

export const site = {
  name: "Saluda Ridge Technologies",
  shortName: "Saluda Ridge",
  tagline: "Bridging Your Technology to Success",
  /** The brand blue (--color-brand-700): the browser's bar and the installed desk's theme. */
  themeColor: "#1a4fae",
  description:
    "Managed internet and failover, SD-WAN, VoIP phone systems, security cameras, network cabling, IT support, web design, event internet and Starlink installation for businesses in Upstate South Carolina, North Carolina and Georgia.",
  url: (env("SITE_URL") ?? "http://localhost:3000").replace(/\/+$/, ""),
  locale: "en_US",
  region: "US-SC",
  regionName: "Upstate South Carolina",
  phone: {
    display: phoneDisplay,
    /** tel: links want digits only, with the country code. */
    href: `tel:+1${phoneDisplay.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")}`,
  },
  email: env("BUSINESS_EMAIL") ?? "hello@saludaridge.example",
  address: {
    /** Structured parts feed structured data; `display` is what people read. */
    parts: defaultAddress,
    display: addressOverride ?? formatAddress(defaultAddress),
    mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
      addressOverride ?? formatAddress(defaultAddress),
    )}`,
  },
  geo: { latitude: 34.9276, longitude: -82.4431 },
  /** The spec keeps two readings of the hours on purpose (§1, §9). */
  hours: {
    /** Structured data and the contact page. */
    regular: {
      weekdays: "Monday – Friday: 8:30 AM – 5:30 PM",
      weekends: "Saturday – Sunday: By appointment",
      opens: "08:30",
      closes: "17:30",
      /** ISO weekdays (1 = Monday) the hours above are kept; weekends are by appointment. */
      openDays: [1, 2, 3, 4, 5],
      /** The zone every business hour, booking and "today" is read in. */
      timeZone: "America/New_York",
    },
    /** The home page call-to-action. */
    callToAction: "Mon-Fri 8AM-6PM",
  },
  /** The spec keeps two founding statements on purpose (§1). */
  founding: {
    aboutPage: "Founded in 2015",
    foundedYear: 2015,
    elsewhere: "Serving the Upstate since 2024",
    elsewhereYear: 2024,
  },
  consultationMinutes: 15,
  serviceAreas: [
    { state: "South Carolina", stateCode: "SC", cities: ["Greenville", "Spartanburg", "Columbia", "Charleston"] },
    { state: "North Carolina", stateCode: "NC", cities: ["Asheville", "Charlotte", "Raleigh"] },
    { state: "Georgia", stateCode: "GA", cities: ["Atlanta", "Athens"] },
  ] satisfies readonly ServiceArea[],
  /** The contact page's service-area box lists three SC cities (§2). */
  contactPageAreas: [
    { state: "South Carolina", stateCode: "SC", cities: ["Greenville", "Spartanburg", "Columbia"] },
    { state: "North Carolina", stateCode: "NC", cities: ["Asheville", "Charlotte", "Raleigh"] },
    { state: "Georgia", stateCode: "GA", cities: ["Atlanta", "Athens"] },
  ] satisfies readonly ServiceArea[],
  voipCities: ["Greenville", "Taylors", "Mauldin"],
  nationwideEventNote:
    "We also travel nationwide for event connectivity projects: festivals, tournaments, conferences and broadcasts.",
  claims: ["Local support", "No hidden fees", "15-minute no-obligation consultation"],
  social: {
    facebook: env("SOCIAL_FACEBOOK_URL"),
    twitter: env("SOCIAL_TWITTER_URL"),
    linkedin: env("SOCIAL_LINKEDIN_URL"),
    instagram: env("SOCIAL_INSTAGRAM_URL"),
    youtube: env("SOCIAL_YOUTUBE_URL"),
  } satisfies SocialLinks,
} as const;

export type Site = typeof site;

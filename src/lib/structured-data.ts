import { site } from "@/content/site";
import type { FaqItem, Service } from "@/content/types";
import type { PostSummary } from "@/content/types";
import { routes } from "./routes";
import { absoluteUrl, DEFAULT_OG_IMAGE } from "./seo";

/**
 * schema.org data for search engines. Each builder returns one JSON-LD object;
 * pages render them with <JsonLd>. The business facts come from the site config.
 */
type JsonLdObject = Record<string, unknown>;

const CONTEXT = "https://schema.org";
export const BUSINESS_ID = `${site.url}/#business`;
export const WEBSITE_ID = `${site.url}/#website`;

function postalAddress(): JsonLdObject {
  const parts = site.address.parts;
  return {
    "@type": "PostalAddress",
    streetAddress: parts.street,
    addressLocality: parts.locality,
    addressRegion: parts.region,
    postalCode: parts.postalCode,
    addressCountry: parts.country,
  };
}

function areaServed(): JsonLdObject[] {
  return site.serviceAreas.flatMap((area) =>
    area.cities.map((city) => ({ "@type": "City", name: city, containedInPlace: { "@type": "State", name: area.state } })),
  );
}

/** Site-wide: the business, with both hours readings the spec keeps (§1, §9). */
export function businessJsonLd(): JsonLdObject {
  const sameAs = Object.values(site.social).filter(Boolean);
  return {
    "@context": CONTEXT,
    "@type": "LocalBusiness",
    "@id": BUSINESS_ID,
    name: site.name,
    description: site.description,
    slogan: site.tagline,
    url: site.url,
    logo: absoluteUrl("/icon.svg"),
    image: absoluteUrl(DEFAULT_OG_IMAGE.url),
    telephone: site.phone.display,
    email: site.email,
    address: postalAddress(),
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: site.hours.regular.opens,
        closes: site.hours.regular.closes,
      },
    ],
    // The home page's call-to-action reading of the hours, kept as the spec keeps it.
    openingHours: ["Mo-Fr 08:30-17:30", "Mo-Fr 08:00-18:00"],
    foundingDate: String(site.founding.foundedYear),
    areaServed: areaServed(),
    priceRange: "$$",
    ...(sameAs.length ? { sameAs } : {}),
  };
}

export function websiteJsonLd(): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    "@id": WEBSITE_ID,
    name: site.name,
    url: site.url,
    publisher: { "@id": BUSINESS_ID },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${site.url}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[]): JsonLdObject {
  const all = [{ name: "Home", path: routes.home }, ...crumbs];
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: all.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.name, item: absoluteUrl(crumb.path) })),
  };
}

export function contactPageJsonLd(): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "ContactPage",
    name: `Contact ${site.name}`,
    url: absoluteUrl(routes.contact()),
    isPartOf: { "@id": WEBSITE_ID },
    about: { "@id": BUSINESS_ID },
    mainEntity: {
      "@type": "LocalBusiness",
      "@id": BUSINESS_ID,
      name: site.name,
      telephone: site.phone.display,
      email: site.email,
      address: postalAddress(),
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "sales",
        telephone: site.phone.display,
        email: site.email,
        areaServed: ["US-SC", "US-NC", "US-GA"],
        availableLanguage: "English",
      },
    },
  };
}

export function articleJsonLd(post: PostSummary & { metaDescription: string; keywords: readonly string[] }): JsonLdObject {
  const url = absoluteUrl(routes.post(post.slug));
  return {
    "@context": CONTEXT,
    "@type": "Article",
    headline: post.title,
    description: post.metaDescription,
    image: [absoluteUrl(routes.postImage(post.slug))],
    datePublished: post.dateIso,
    dateModified: post.dateIso,
    author: { "@type": "Person", name: post.author },
    publisher: { "@id": BUSINESS_ID, "@type": "Organization", name: site.name, logo: { "@type": "ImageObject", url: absoluteUrl("/icon.svg") } },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    articleSection: post.category,
    keywords: post.keywords.join(", "),
    url,
  };
}

export function serviceJsonLd(service: Service): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "Service",
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url: absoluteUrl(routes.service(service.slug)),
    provider: { "@id": BUSINESS_ID, "@type": "LocalBusiness", name: site.name },
    areaServed: areaServed(),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: `${service.title} features`,
      itemListElement: [...service.features, ...(service.extraFeatures ?? [])].map((feature) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: feature },
      })),
    },
  };
}

export function faqJsonLd(items: readonly FaqItem[]): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** Greenville, SC: the centre of the local VoIP page's 25 km service circle (§2). */
export const GREENVILLE_CENTER = { latitude: 34.8526, longitude: -82.394 } as const;
export const VOIP_SERVICE_RADIUS_METERS = 25000;

export function voipLocalBusinessJsonLd(): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "LocalBusiness",
    "@id": `${site.url}${routes.greenvilleVoip}#business`,
    name: `${site.name} — Greenville VoIP`,
    description: `Business VoIP phone systems for ${site.voipCities.join(", ")} and the Upstate.`,
    url: absoluteUrl(routes.greenvilleVoip),
    telephone: site.phone.display,
    email: site.email,
    address: postalAddress(),
    image: absoluteUrl(DEFAULT_OG_IMAGE.url),
    priceRange: "$$",
    parentOrganization: { "@id": BUSINESS_ID },
    areaServed: {
      "@type": "GeoCircle",
      geoMidpoint: { "@type": "GeoCoordinates", latitude: GREENVILLE_CENTER.latitude, longitude: GREENVILLE_CENTER.longitude },
      geoRadius: VOIP_SERVICE_RADIUS_METERS,
    },
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: site.hours.regular.opens,
        closes: site.hours.regular.closes,
      },
    ],
  };
}

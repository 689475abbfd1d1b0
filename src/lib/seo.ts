import { site } from "@/content/site";
import { routes } from "@/lib/routes";

/** The site-wide share image (src/pages/og/site.png.ts), drawn at build time. */
export const DEFAULT_OG_IMAGE = { url: routes.siteImage, width: 1200, height: 630 } as const;

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the page, e.g. "/services/sd-wan": the canonical URL is built from SITE_URL. */
  path: string;
  keywords?: readonly string[];
  ogImage?: string;
  ogType?: "website" | "article";
  noIndex?: boolean;
  /** The 404 pages: not indexed, but their links may be followed. */
  noIndexFollow?: boolean;
  author?: string;
  publishedTime?: string;
  modifiedTime?: string;
  alternateLanguages?: readonly { hreflang: string; href: string }[];
  /** Advertise the blog's RSS feed (<link rel="alternate" type="application/rss+xml">). */
  rssFeed?: boolean;
}

/** Everything the head of a page states, ready to render (src/components/site/BaseHead.astro). */
export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  keywords?: string;
  robots: string;
  author?: string;
  ogType: "website" | "article";
  image: { url: string; width: number; height: number; alt: string };
  publishedTime?: string;
  modifiedTime?: string;
  alternateLanguages: readonly { hreflang: string; href: string }[];
  rssFeed?: { url: string; title: string };
}

export function absoluteUrl(path: string): string {
  return new URL(path, `${site.url}/`).toString();
}

/** Appends the brand unless the title already carries it (§2 "Page metadata"). */
export function pageTitle(title: string): string {
  return title.includes(site.name) ? title : `${title} | ${site.name}`;
}

/** The one helper every page uses for its head: all of it lands in the server HTML. */
export function pageMeta(input: PageMetaInput): PageMeta {
  const robots = input.noIndex ? "noindex, nofollow" : input.noIndexFollow ? "noindex, follow" : "index, follow";
  return {
    title: pageTitle(input.title),
    description: input.description,
    canonical: absoluteUrl(input.path),
    keywords: input.keywords?.join(", "),
    robots,
    author: input.author,
    ogType: input.ogType ?? "website",
    image: { ...DEFAULT_OG_IMAGE, url: absoluteUrl(input.ogImage ?? DEFAULT_OG_IMAGE.url), alt: input.title },
    publishedTime: input.ogType === "article" ? input.publishedTime : undefined,
    modifiedTime: input.ogType === "article" ? (input.modifiedTime ?? input.publishedTime) : undefined,
    alternateLanguages: input.alternateLanguages ?? [],
    rssFeed: input.rssFeed ? { url: absoluteUrl(routes.rss), title: `${site.name} blog` } : undefined,
  };
}

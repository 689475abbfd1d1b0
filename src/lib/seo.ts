import type { Metadata } from "next";
import { site } from "@/content/site";

/** The site-wide share image (src/app/opengraph-image.tsx), drawn at build time. */
export const DEFAULT_OG_IMAGE = { url: "/opengraph-image", width: 1200, height: 630 } as const;

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the page, e.g. "/services/sd-wan": the canonical URL is built from SITE_URL. */
  path: string;
  keywords?: readonly string[];
  ogImage?: string;
  ogType?: "website" | "article";
  noIndex?: boolean;
  author?: string;
  publishedTime?: string;
  modifiedTime?: string;
  alternateLanguages?: readonly { hreflang: string; href: string }[];
  /** Advertise the blog's RSS feed (<link rel="alternate" type="application/rss+xml">). */
  rssFeed?: boolean;
}

export function absoluteUrl(path: string): string {
  return new URL(path, `${site.url}/`).toString();
}

/** Appends the brand unless the title already carries it (§2 "Page metadata"). */
export function pageTitle(title: string): string {
  return title.includes(site.name) ? title : `${title} | ${site.name}`;
}

/** The one helper every page uses for its head: all of it lands in the server HTML. */
export function buildMetadata(input: PageMetaInput): Metadata {
  const title = pageTitle(input.title);
  const url = absoluteUrl(input.path);
  const image = input.ogImage ?? DEFAULT_OG_IMAGE.url;
  const images = [{ url: absoluteUrl(image), width: DEFAULT_OG_IMAGE.width, height: DEFAULT_OG_IMAGE.height, alt: input.title }];
  const languages = input.alternateLanguages
    ? Object.fromEntries(input.alternateLanguages.map((alt) => [alt.hreflang, alt.href]))
    : undefined;

  return {
    title: { absolute: title },
    description: input.description,
    keywords: input.keywords ? [...input.keywords] : undefined,
    authors: input.author ? [{ name: input.author }] : undefined,
    alternates: {
      canonical: url,
      languages,
      types: input.rssFeed ? { "application/rss+xml": [{ url: absoluteUrl("/blog/rss.xml"), title: `${site.name} blog` }] } : undefined,
    },
    robots: input.noIndex ? { index: false, follow: false } : { index: true, follow: true },
    openGraph: {
      title,
      description: input.description,
      url,
      siteName: site.name,
      locale: site.locale,
      type: input.ogType ?? "website",
      images,
      ...(input.ogType === "article"
        ? {
            publishedTime: input.publishedTime,
            modifiedTime: input.modifiedTime ?? input.publishedTime,
            authors: input.author ? [input.author] : undefined,
          }
        : {}),
    },
    twitter: { card: "summary_large_image", title, description: input.description, images: images.map((i) => i.url) },
  };
}

/** The path of every URL a sitemap.xml lists, in its order. */
export function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** The public pages of the spec, plus the legal pages and the HTML sitemap. */
export const PUBLIC_PAGES = [
  "/",
  "/services",
  "/services/managed-internet",
  "/services/starlink",
  "/industries",
  "/case-studies",
  "/about",
  "/blog",
  "/blog/sd-wan-vs-mpls",
  "/blog/starlink-for-business",
  "/blog/wifi-outdoor-event",
  "/greenville-voip",
  "/privacy",
  "/terms",
  "/sitemap",
] as const;

import type { APIRoute } from "astro";
import { hasArticle, listPosts } from "@/content/blog-posts";
import { services } from "@/content/services";
import { routes } from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo";

interface SitemapUrl {
  path: string;
  priority: number;
  lastModified: Date;
}

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/**
 * Every indexable URL (the survey, search, admin and API are not). lastmod is the article
 * date for articles and the build date for the rest, which is when their content last changed.
 */
export const GET: APIRoute = async () => {
  const built = new Date();
  const page = (path: string, priority: number): SitemapUrl => ({ path, priority, lastModified: built });
  const articles = (await listPosts()).filter(hasArticle);
  const urls: SitemapUrl[] = [
    page(routes.home, 1),
    page(routes.services, 0.9),
    ...services.map((service) => page(routes.service(service.slug), 0.8)),
    page(routes.industries, 0.7),
    page(routes.caseStudies, 0.7),
    page(routes.about, 0.6),
    page(routes.blog, 0.7),
    ...articles.map((post) => ({ ...page(routes.post(post.slug), 0.6), lastModified: new Date(`${post.dateIso}T12:00:00Z`) })),
    page(routes.contact(), 0.8),
    page(routes.greenvilleVoip, 0.8),
    page(routes.privacy, 0.2),
    page(routes.terms, 0.2),
    page(routes.sitemap, 0.2),
  ];
  const entries = urls.map(
    (url) =>
      `<url>\n<loc>${xml(absoluteUrl(url.path))}</loc>\n<lastmod>${url.lastModified.toISOString()}</lastmod>\n<changefreq>monthly</changefreq>\n<priority>${url.priority}</priority>\n</url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};

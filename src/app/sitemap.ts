import type { MetadataRoute } from "next";
import { services } from "@/content/services";
import { routes } from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo";
import { listPosts } from "@/server/content/posts";

/**
 * Every indexable URL (the survey, search, admin and API are not). lastmod is the
 * article date for articles and the build date for the rest, which is when their
 * content last changed.
 */
export default function sitemap(): MetadataRoute.Sitemap {
  const built = new Date();
  const page = (path: string, priority: number): MetadataRoute.Sitemap[number] => ({
    url: absoluteUrl(path),
    lastModified: built,
    changeFrequency: "monthly",
    priority,
  });
  return [
    page(routes.home, 1),
    page(routes.services, 0.9),
    ...services.map((service) => page(routes.service(service.slug), 0.8)),
    page(routes.industries, 0.7),
    page(routes.caseStudies, 0.7),
    page(routes.about, 0.6),
    page(routes.blog, 0.7),
    ...listPosts().map((post) => ({ ...page(routes.post(post.slug), 0.6), lastModified: new Date(`${post.dateIso}T12:00:00Z`) })),
    page(routes.contact(), 0.8),
    page(routes.greenvilleVoip, 0.8),
    page(routes.privacy, 0.2),
    page(routes.terms, 0.2),
    page(routes.sitemap, 0.2),
  ];
}

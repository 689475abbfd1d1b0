import { getRssString } from "@astrojs/rss";
import type { APIRoute } from "astro";
import { hasArticle, listPosts } from "@/content/blog-posts";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo";

const publishedAt = (dateIso: string) => new Date(`${dateIso}T12:00:00Z`);

/** RSS 2.0 feed of every article, newest first. */
export const GET: APIRoute = async () => {
  const posts = (await listPosts()).filter(hasArticle);
  const latest = posts[0] ? publishedAt(posts[0].dateIso) : new Date();
  const feed = await getRssString({
    title: `${site.name} — Resources & Insights`,
    description: "Guides on connectivity, phones, cameras and websites for businesses in the Carolinas and Georgia.",
    site: absoluteUrl(routes.blog),
    trailingSlash: false,
    xmlns: { atom: "http://www.w3.org/2005/Atom" },
    customData: [
      `<atom:link href="${absoluteUrl(routes.rss)}" rel="self" type="application/rss+xml"/>`,
      "<language>en-us</language>",
      `<lastBuildDate>${latest.toUTCString()}</lastBuildDate>`,
    ].join(""),
    items: posts.map((post) => ({
      title: post.title,
      link: absoluteUrl(routes.post(post.slug)),
      pubDate: publishedAt(post.dateIso),
      categories: [post.category],
      description: post.excerpt,
    })),
  });
  // @astrojs/rss answers application/xml; feed readers and the blog's <link> say rss+xml.
  return new Response(feed, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
};

import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo";
import { listPosts } from "@/server/content/posts";

export const dynamic = "force-static";

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** RSS 2.0 feed of every article, newest first. */
export function GET() {
  const posts = listPosts();
  const items = posts
    .map((post) => {
      const url = absoluteUrl(routes.post(post.slug));
      return [
        "    <item>",
        `      <title>${xml(post.title)}</title>`,
        `      <link>${xml(url)}</link>`,
        `      <guid isPermaLink="true">${xml(url)}</guid>`,
        `      <pubDate>${new Date(`${post.dateIso}T12:00:00Z`).toUTCString()}</pubDate>`,
        `      <category>${xml(post.category)}</category>`,
        `      <description>${xml(post.excerpt)}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const latest = posts[0] ? new Date(`${posts[0].dateIso}T12:00:00Z`).toUTCString() : new Date().toUTCString();
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`${site.name} — Resources & Insights`)}</title>
    <link>${xml(absoluteUrl(routes.blog))}</link>
    <atom:link href="${xml(absoluteUrl(routes.rss))}" rel="self" type="application/rss+xml" />
    <description>${xml("Guides on connectivity, phones, cameras and websites for businesses in the Carolinas and Georgia.")}</description>
    <language>en-us</language>
    <lastBuildDate>${latest}</lastBuildDate>
${items}
  </channel>
</rss>
`;
  return new Response(body, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}

import type { APIRoute } from "astro";
import { routes } from "@/lib/routes";
import { absoluteUrl } from "@/lib/seo";

/** Crawlers may read the whole site but the back office and the API. */
export const GET: APIRoute = () => {
  const body = ["User-Agent: *", `Allow: ${routes.home}`, "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${absoluteUrl("/sitemap.xml")}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};

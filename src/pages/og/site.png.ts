import type { APIRoute } from "astro";
import { site } from "@/content/site";
import { socialImageResponse } from "@/server/og/social-image";

/** The site-wide share image (routes.siteImage), drawn at build time. */
export const GET: APIRoute = () => socialImageResponse({ eyebrow: "Connectivity & IT services", title: site.tagline });

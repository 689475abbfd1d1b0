import type { APIRoute } from "astro";
import { deskManifest } from "@/server/pwa/desk-app";

/** The installable desk's web app manifest, written at build time. */
export const GET: APIRoute = () => new Response(JSON.stringify(deskManifest()), { headers: { "Content-Type": "application/manifest+json" } });

import type { APIRoute } from "astro";
import serviceWorker from "@/components/admin/pwa/desk-service-worker.js?raw";
import { routes } from "@/lib/routes";
import { methodNotAllowed } from "@/server/http/json-responses";

/**
 * The desk's service worker. Rendered on demand for its headers: it is registered with the
 * scope /admin, one step above its own folder, which Service-Worker-Allowed permits; and
 * the browser must check it on every visit, so a fix reaches every phone at once.
 */
export const prerender = false;

export const GET: APIRoute = () =>
  new Response(serviceWorker, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": routes.adminServiceWorkerScope },
  });
export const HEAD: APIRoute = GET;
export const ALL: APIRoute = methodNotAllowed(["GET"]);

import type { Fetchable } from "astro";
import { astro, FetchState } from "astro/fetch";
import { adminPasswordSettingsProblem } from "@/server/auth/admin-credentials";
import { deviceCookieSettingsProblem } from "@/server/auth/device-cookie";
import { startBackgroundJobs } from "@/server/background-jobs";
import { leadWebhookSettingsProblem, pushSettingsProblem } from "@/server/config";

/**
 * Astro's fetch entrypoint (Astro 7: `fetchFile`, see docs "Advanced routing"). The
 * server bundle imports this module when it loads, before any request, and the prerender
 * build never does: so it is where the background jobs start, once per server process,
 * as `npm start` (or `astro dev`) imports dist/server/entry.mjs. Requests go through
 * Astro's whole pipeline, unchanged. src/middleware.ts would not do: Astro imports it
 * lazily at the first request rendered on demand, and runs it while prerendering.
 * For the same reason the admin settings are checked here: a server given an ADMIN_PASSWORD
 * or a DEVICE_COOKIE_SECRET too short to keep stops with one clear line before it ever listens.
 */
const adminSettingsProblem = adminPasswordSettingsProblem() ?? deviceCookieSettingsProblem() ?? leadWebhookSettingsProblem() ?? pushSettingsProblem();
if (adminSettingsProblem) {
  console.error(adminSettingsProblem);
  process.exit(1);
}
startBackgroundJobs();

export default {
  fetch: (request: Request) => astro(new FetchState(request)),
} satisfies Fetchable;

import type { AstroGlobal } from "astro";
import { loginFor } from "@/lib/admin-next";
import { readSessionToken, validateAdminSession } from "@/server/auth/admin-session";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { allowNoncedStyle } from "../../server/security-headers.mjs";

export type AdminPageStart = { ok: true; styleNonce: string } | { ok: false; response: Response };

/**
 * What every back-office page does before it renders: a signed-in screen checks the
 * session here, on the server, so a visitor without one goes straight to the login (no
 * signed-out screen flashes first); the page is never cached; and its island gets the
 * style nonce it needs.
 */
export async function startAdminPage(astro: AstroGlobal, { signedIn }: { signedIn: boolean }): Promise<AdminPageStart> {
  if (signedIn) {
    try {
      const session = await validateAdminSession(readSessionToken(astro.request));
      if (!session) return { ok: false, response: astro.redirect(loginFor(`${astro.url.pathname}${astro.url.search}`), 302) };
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return {
        ok: false,
        response: new Response("The back office is unavailable for a moment. Please try again shortly.", {
          status: 503,
          headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5", "Cache-Control": "no-store" },
        }),
      };
    }
  }
  astro.response.headers.set("Cache-Control", "no-store");
  // Radix locks page scrolling under a dialog or menu with a <style> element whose content
  // depends on the scrollbar's width, so no build-time hash can cover it: it carries this
  // response's nonce.
  const styleNonce = allowNoncedStyle(astro.csp);
  return { ok: true, styleNonce };
}

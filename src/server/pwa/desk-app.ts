import { Resvg } from "@resvg/resvg-js";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";

/*
 * The back office as an installable app (docs/push.md): its web app manifest and icons,
 * drawn at build time. Linked from the admin layout only: the public site is not an app.
 */

export const DESK_ICON_SIZES = [192, 512] as const;
export type DeskIconSize = (typeof DESK_ICON_SIZES)[number];

/** The manifest of the desk: it opens on Today, full screen without the browser's bars. */
export function deskManifest() {
  return {
    id: routes.adminToday,
    name: `${site.shortName} desk`,
    short_name: "Desk",
    description: `New leads and follow-ups of ${site.name}.`,
    start_url: routes.adminToday,
    scope: routes.adminServiceWorkerScope,
    display: "standalone",
    orientation: "any",
    theme_color: site.themeColor,
    background_color: site.themeColor,
    icons: DESK_ICON_SIZES.map((size) => ({ src: routes.adminIcon(size), sizes: `${size}x${size}`, type: "image/png", purpose: "any maskable" })),
  };
}

/**
 * The site's mark (public/favicon.svg) on a full-bleed square of the brand colour, inside
 * the middle 60 %: the safe zone a maskable icon keeps whatever shape the phone cuts it to.
 */
const DESK_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${site.themeColor}"/><g transform="translate(6.4 6.4) scale(0.6)"><path d="M4 23 L11 13 L15 18 L20 10 L28 23" fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/><path d="M6 26 H26" stroke="#fbbf24" stroke-width="2" stroke-linecap="round"/></g></svg>`;

export function deskIconPng(size: DeskIconSize): Uint8Array<ArrayBuffer> {
  return new Uint8Array(new Resvg(DESK_ICON_SVG, { fitTo: { mode: "width", value: size } }).render().asPng());
}

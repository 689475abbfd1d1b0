/**
 * The security policy of every page and API answer, in one place, as plain JavaScript so
 * that astro.config.mjs, the production server and the tests all read the same data.
 * Astro builds each page's Content-Security-Policy from `cspDirectives()` plus the hashes
 * of the scripts and styles it emits; the production server adds the other headers.
 */
const STOCK_PHOTO_ORIGIN = "https://images.unsplash.com";
/** The maps provider's origins, allowed only on the survey and only when a key is set. */
export const MAPS_SCRIPT_ORIGINS = ["https://maps.googleapis.com"];
export const MAPS_ASSET_ORIGINS = ["https://maps.googleapis.com", "https://maps.gstatic.com"];

/** Inline style attributes (Radix positioning, aspect boxes) carry no script. */
export const STYLE_ATTRIBUTE_RESOURCE = { resource: "'unsafe-inline'", kind: "attribute" };

/** Every directive but script-src and style-src, which Astro owns and fills with hashes. */
export function cspDirectives() {
  return [
    "default-src 'self'",
    `img-src 'self' data: blob: ${STOCK_PHOTO_ORIGIN}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
}

/**
 * The policy of answers that are not pages Astro rendered (API answers, files, feeds): no
 * inline script or style at all. Pages replace it with their own, which adds their hashes.
 */
export function baselineContentSecurityPolicy() {
  return [...cspDirectives(), "script-src 'self'", "style-src 'self'"].join("; ");
}

/** Over HTTPS, any http:// URL a page might still carry is fetched over TLS instead. */
export const UPGRADE_INSECURE_REQUESTS = "upgrade-insecure-requests";

/** What the survey adds to its policy when a maps key is configured. */
export function mapsCspDirectives() {
  return [`img-src ${MAPS_ASSET_ORIGINS.join(" ")}`, `connect-src ${MAPS_ASSET_ORIGINS.join(" ")}`];
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "browsing-topics=()",
].join(", ");

export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** "Behind TLS": the first X-Forwarded-Proto entry is https. */
const FORWARDED_HTTPS = /^\s*https\s*(?:,.*)?$/;

/** Whether an X-Forwarded-Proto value says "behind TLS". */
export function forwardedOverHttps(value) {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && FORWARDED_HTTPS.test(first);
}

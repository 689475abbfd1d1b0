/**
 * The response headers every page and API answer carries. Pure functions, so
 * next.config.ts (every response) and the proxy (pages with a nonce) build them
 * from one policy, and tests can read it.
 */
const STOCK_PHOTO_ORIGIN = "https://images.unsplash.com";
/** The maps provider's origins, allowed only on the survey and only when a key is set. */
const MAPS_SCRIPT_ORIGINS = ["https://maps.googleapis.com"];
const MAPS_ASSET_ORIGINS = ["https://maps.googleapis.com", "https://maps.gstatic.com"];

export interface CspOptions {
  /** Pages rendered per request get a nonce; prerendered pages cannot, see docs/reliability.md. */
  nonce?: string;
  allowMaps?: boolean;
  secure?: boolean;
}

export function contentSecurityPolicy({ nonce, allowMaps = false, secure = false }: CspOptions): string {
  const script = nonce
    ? [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...(allowMaps ? MAPS_SCRIPT_ORIGINS : [])]
    : ["'self'", "'unsafe-inline'"];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": script,
    // Inline style attributes (aspect boxes, Radix positioning) need 'unsafe-inline' for styles.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", STOCK_PHOTO_ORIGIN, ...(allowMaps ? MAPS_ASSET_ORIGINS : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(allowMaps ? MAPS_ASSET_ORIGINS : [])],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (secure) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
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

/** Headers that do not depend on the page. HSTS only over HTTPS, where it means something. */
export function staticSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(secure ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * "Behind TLS": the first X-Forwarded-Proto entry is https. One pattern for the
 * `has` rule below (Next anchors `has` values, ^…$), the proxy and the production
 * server's direct door to the lead endpoints.
 */
const FORWARDED_HTTPS_PATTERN = "\\s*https\\s*(?:,.*)?";

const FORWARDED_HTTPS = new RegExp(`^${FORWARDED_HTTPS_PATTERN}$`);

/** Whether an X-Forwarded-Proto value says "behind TLS". */
export function forwardedOverHttps(value: string | undefined): boolean {
  return value !== undefined && FORWARDED_HTTPS.test(value);
}

type HeaderRule = {
  source: string;
  has?: { type: "header"; key: string; value: string }[];
  headers: { key: string; value: string }[];
};

const asList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

/**
 * The security headers as next.config `headers()` rules, for every path but the hashed
 * build assets (which get their own, smaller set). Next's router sets them before the
 * proxy would run, so the proxy runs only where there is a nonce to make (src/proxy.ts)
 * and replaces the policy there. The HTTPS rule comes last so its values win.
 */
export function securityHeaderRules(): HeaderRule[] {
  const source = "/((?!_next/static|_next/image).*)";
  return [
    {
      source,
      headers: asList({ "Content-Security-Policy": contentSecurityPolicy({ secure: false }), ...staticSecurityHeaders(false) }),
    },
    {
      source,
      has: [{ type: "header", key: "x-forwarded-proto", value: FORWARDED_HTTPS_PATTERN }],
      headers: asList({ "Content-Security-Policy": contentSecurityPolicy({ secure: true }), ...staticSecurityHeaders(true) }),
    },
  ];
}

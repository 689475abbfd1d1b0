import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy, forwardedOverHttps } from "@/lib/security/security-headers";

/** Pages rendered on every request: they can carry a per-request script nonce. */
const NONCE_PATHS = [/^\/contact\/?$/, /^\/survey\/?$/, /^\/search\/?$/, /^\/admin(\/|$)/];
const MAPS_KEY_VARIABLE = "NEXT_PUBLIC_GOOGLE_MAPS_API_KEY";

function isSecure(request: NextRequest): boolean {
  const forwarded = request.headers.get("x-forwarded-proto");
  return forwarded === null ? request.nextUrl.protocol === "https:" : forwardedOverHttps(forwarded);
}

function hasBrokenEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * A fresh CSP nonce for the pages that can use one, and a 400 for undecodable paths.
 * Every other security header, and the policy of every other response, comes from
 * next.config.ts `headers()`, which Next applies before this runs.
 */
export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  const secure = isSecure(request);
  const wantsNonce = NONCE_PATHS.some((pattern) => pattern.test(path));
  const nonce = wantsNonce ? Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64") : undefined;
  const allowMaps = path.startsWith("/survey") && Boolean(process.env[MAPS_KEY_VARIABLE]?.trim());
  const csp = contentSecurityPolicy({ nonce, allowMaps, secure });

  let response: NextResponse;
  if (hasBrokenEncoding(path)) {
    // Next's router throws on such a path while decoding a dynamic segment and answers a bare 500.
    response = path.startsWith("/api/")
      ? NextResponse.json({ error: "Malformed URL." }, { status: 400, headers: { "Cache-Control": "no-store" } })
      : new NextResponse("Bad Request", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  } else if (nonce) {
    // Next reads the nonce from the request's policy header and stamps its own scripts.
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set("Content-Security-Policy", csp);
    requestHeaders.set("x-nonce", nonce);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  } else {
    response = NextResponse.next();
  }
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  /*
   * Only where there is something to do: each run builds a Request and a Response around
   * the request (on every path, GET /api/health answered ~500 req/s; without, ~850).
   * Next tests a matcher against the raw and the decoded path, so any path with a "%"
   * in it reaches the encoding check. Keep in step with NONCE_PATHS.
   */
  matcher: ["/contact", "/survey", "/search", "/admin/:path*", "/(.*%.*)"],
};

import { site } from "@/content/site";

/**
 * Cross-site request forgery guard for state-changing admin requests. Browsers
 * mark every request with Sec-Fetch-Site and send Origin on POST and DELETE, so a
 * forged request from another site carries one of them with a foreign value. A
 * request with neither did not come from a browser page and carries no ambient
 * cookie for an attacker to ride on.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = request.headers.get("origin");
  return origin === null || allowedOrigins(request).has(origin);
}

function allowedOrigins(request: Request): Set<string> {
  const origins = new Set<string>([site.url]);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    origins.add(`http://${host}`);
    origins.add(`https://${host}`);
  }
  return origins;
}


export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return decodeCookieValue(part.slice(index + 1).trim());
  }
  return undefined;
}

/** A value with broken percent-encoding is not one we set: no cookie, rather than a 500. */
function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** HTTPS as the visitor sees it: directly, or through a proxy that says so. */
export function isSecureRequest(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (forwarded) return forwarded === "https";
  return new URL(request.url).protocol === "https:";
}

/**
 * The name a cookie goes by on this request. Over HTTPS it takes the `__Host-` prefix,
 * which browsers accept only from a secure origin, with `Path=/` and no `Domain`, so a
 * sibling subdomain or a plain-HTTP page cannot plant or shadow it. Locally (plain HTTP)
 * browsers refuse the prefix, so the bare name stands in.
 */
export function hostCookieName(baseName: string, secure: boolean): string {
  return secure ? `__Host-${baseName}` : baseName;
}

export function serializeCookie(name: string, value: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

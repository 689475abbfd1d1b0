/**
 * A URL on this machine (localhost, 127.x.x.x, [::1]): where plain http is allowed for a
 * webhook or a push endpoint, since nothing crosses a network (tests, a local relay).
 */
export function isLoopbackUrl(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
}

/** https anywhere, or http on this machine only. */
export function isSecureOrLoopbackUrl(url: URL): boolean {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackUrl(url));
}

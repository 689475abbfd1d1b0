import { trustedProxyHops } from "@/server/config";

/**
 * The address rate limits are keyed on. `next start` puts the socket address in
 * X-Forwarded-For only when the header is absent, so the entry we trust is the one
 * our own proxies appended: with N trusted hops, the Nth from the right; with none,
 * the last one (which a client talking to us directly can forge; that is why
 * deployments put a proxy in front and set TRUST_PROXY_HOPS, see docs).
 */
export function clientAddress(headers: Headers): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const hops = trustedProxyHops();
  const index = forwarded.length - Math.max(1, hops);
  const address = forwarded[Math.max(0, index)] ?? headers.get("x-real-ip") ?? "unknown";
  return address.replace(/^::ffff:/, "").slice(0, 64);
}

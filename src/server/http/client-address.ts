import { trustedProxyHops } from "@/server/config";

/**
 * The address rate limits are keyed on. Each proxy appends the address it received the
 * request from to X-Forwarded-For, so the entry we trust is the one our own proxies
 * appended: with N trusted hops, the Nth from the right; with none, the last one (which
 * a client talking to us directly can forge; that is why deployments put a proxy in
 * front and set TRUST_PROXY_HOPS, see docs). Without the header, the request came
 * straight from the client: `socketAddress` (Astro's `clientAddress`) is its address.
 */
export function clientAddress(headers: Headers, socketAddress?: string): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const hops = trustedProxyHops();
  const index = forwarded.length - Math.max(1, hops);
  const address = forwarded[Math.max(0, index)] ?? socketAddress ?? headers.get("x-real-ip") ?? "unknown";
  return address.replace(/^::ffff:/, "").slice(0, 64);
}

import { trustedProxyHops } from "@/server/config";

/**
 * The address rate limits are keyed on. The chain of addresses a request passed through is
 * the X-Forwarded-For entries followed by the socket's peer; only the last TRUST_PROXY_HOPS
 * hops are our own proxies, so the client is the entry that many places from the right.
 * With no trusted proxy (the default) that is the socket address and X-Forwarded-For,
 * which anyone can write, is ignored.
 */
export function clientAddress(headers: Headers, socketAddress: string | undefined): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddress ?? "unknown"];
  const address = chain[Math.max(0, chain.length - 1 - trustedProxyHops())]!;
  return address.replace(/^::ffff:/, "").slice(0, 64);
}

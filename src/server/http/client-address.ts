import ipaddr from "ipaddr.js";
import { trustedProxyHops } from "@/server/config";

/**
 * The address of the client. The chain of addresses a request passed through is the
 * X-Forwarded-For entries followed by the socket's peer; only the last TRUST_PROXY_HOPS
 * hops are our own proxies, so the client is the entry that many places from the right.
 * With no trusted proxy (the default) that is the socket address and X-Forwarded-For,
 * which anyone can write, is ignored. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`,
 * how a dual-stack socket reports an IPv4 peer) is given as the IPv4 address.
 */
export function clientAddress(headers: Headers, socketAddress: string | undefined): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [...forwarded, socketAddress ?? "unknown"];
  const address = chain[Math.max(0, chain.length - 1 - trustedProxyHops())]!;
  // Cut before parsing: a forged header must not make us parse (or store) a long string.
  const bounded = address.slice(0, 64);
  return ipaddr.isValid(bounded) ? canonical(ipaddr.process(bounded)) : bounded;
}

/** One spelling per address, so `2001:DB8:0::1` and `2001:db8::1` share a counter. */
function canonical(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  return address.kind() === "ipv4" ? address.toString() : (address as ipaddr.IPv6).toRFC5952String();
}

/**
 * The IPv6 prefixes a rate limit counts a client under, finest first, each allowing twice
 * the one before: a subscriber holding a /56 or a /48 cannot multiply a per-/64 limit by
 * rotating through its 256 or 65,536 /64s. Login and the forms both count this way.
 */
export const IPV6_LIMIT_PREFIXES = [64, 56, 48] as const;

/**
 * The counters a hit from `address` is counted under, each with its limit: an IPv4 address
 * alone with `limit`, an IPv6 address per /64 with `limit`, per /56 with twice and per /48
 * with four times that (`IPV6_LIMIT_PREFIXES`). `prefix` starts each key.
 */
export function addressLimitWindows(prefix: string, address: string, limit: number): { key: string; limit: number }[] {
  return addressPrefixKeys(address, IPV6_LIMIT_PREFIXES).map((key, index) => ({ key: `${prefix}${key}`, limit: limit * 2 ** index }));
}

/**
 * The keys an address is counted under, one per IPv6 prefix length asked for (each a
 * multiple of 8: /64, /56, /48…), in that order. A subscriber is often given a /56 or a
 * /48, so a limit per /64 alone lets them rotate through 256 or 65,536 of its /64s. An
 * IPv4 address (and anything that is not an address) is one key, whatever the lengths.
 */
export function addressPrefixKeys(address: string, prefixLengths: readonly number[]): string[] {
  if (!ipaddr.isValid(address)) return [address];
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return [canonical(parsed)];
  const bytes = parsed.toByteArray();
  return prefixLengths.map((length) => {
    const network = bytes.map((byte, index) => (index < length / 8 ? byte : 0));
    return `${canonical(ipaddr.fromByteArray(network))}/${length}`;
  });
}

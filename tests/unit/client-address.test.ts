import { afterEach, describe, expect, it } from "vitest";
import { tooManyAttemptsText } from "@/components/admin/account/login-form";
import { addressPrefixKeys, clientAddress } from "@/server/http/client-address";
import { submissionRateLimits } from "@/server/leads/receive-lead";

const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });

afterEach(() => {
  delete process.env.TRUST_PROXY_HOPS;
});

describe("clientAddress", () => {
  it("is the socket's peer by default (TRUST_PROXY_HOPS=0), whatever X-Forwarded-For says", () => {
    expect(clientAddress(forwarded("203.0.113.9"), "192.0.2.1")).toBe("192.0.2.1");
    expect(clientAddress(forwarded("203.0.113.9, 198.51.100.2"), "192.0.2.1")).toBe("192.0.2.1");
    expect(clientAddress(new Headers(), undefined)).toBe("unknown");
  });

  it("with N trusted proxies is the entry N places from the right, so what the client wrote further left is ignored", () => {
    process.env.TRUST_PROXY_HOPS = "1";
    expect(clientAddress(forwarded("6.6.6.6, 203.0.113.9"), "10.0.0.1")).toBe("203.0.113.9");
    process.env.TRUST_PROXY_HOPS = "2";
    expect(clientAddress(forwarded("6.6.6.6, 203.0.113.9, 10.0.0.2"), "10.0.0.1")).toBe("203.0.113.9");
    // Fewer entries than hops: the leftmost one there is.
    expect(clientAddress(new Headers(), "10.0.0.1")).toBe("10.0.0.1");
  });

  it("gives an IPv4 peer of a dual-stack socket as IPv4 and spells IPv6 one way", () => {
    expect(clientAddress(new Headers(), "::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientAddress(new Headers(), "2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
  });

  it("keeps what is not an address, cut to 64 characters", () => {
    process.env.TRUST_PROXY_HOPS = "1";
    expect(clientAddress(forwarded("not-an-address"), "10.0.0.1")).toBe("not-an-address");
    expect(clientAddress(forwarded("x".repeat(500)), "10.0.0.1")).toBe("x".repeat(64));
  });
});

describe("submissionRateLimits", () => {
  it("is what the lead submission limits count, with the /56 and /48 the address is in, as login counts them", () => {
    const keys = (address: string) => submissionRateLimits("contact", address).map((window) => window.key);
    expect(keys("2001:db8:1:2::9")).toEqual(keys("2001:db8:1:2:ffff::1"));
    expect(keys("2001:db8:1:2::9")).toEqual(["submit:contact:2001:db8:1:2::/64", "submit:contact:2001:db8:1::/56", "submit:contact:2001:db8:1::/48"]);
    expect(keys("2001:db8:1:3::9")[0]).not.toBe(keys("2001:db8:1:2::9")[0]);
    expect(keys("2001:db8:1:3::9")[1]).toBe(keys("2001:db8:1:2::9")[1]);
    expect(submissionRateLimits("contact", "2001:db8:1:2::9").map((window) => window.limit)).toEqual([10, 20, 40]);
    expect(keys("192.0.2.7")).toEqual(["submit:contact:192.0.2.7"]);
  });
});

describe("addressPrefixKeys", () => {
  it("gives an IPv6 address one key per prefix length asked for, in that order; an IPv4 address and a non-address one key", () => {
    expect(addressPrefixKeys("2001:db8:1:2ab:3:4:5:6", [64, 56, 48])).toEqual(["2001:db8:1:2ab::/64", "2001:db8:1:200::/56", "2001:db8:1::/48"]);
    expect(addressPrefixKeys("2001:DB8:1:2FF::1", [56])).toEqual(["2001:db8:1:200::/56"]);
    expect(addressPrefixKeys("::ffff:192.0.2.7", [64, 56, 48])).toEqual(["192.0.2.7"]);
    expect(addressPrefixKeys("192.0.2.7", [64, 56, 48])).toEqual(["192.0.2.7"]);
    expect(addressPrefixKeys("unknown", [64, 56, 48])).toEqual(["unknown"]);
  });
});

describe("the login form's wait message", () => {
  it("says how long Retry-After asks to wait, in words", () => {
    expect(tooManyAttemptsText(1)).toBe("Too many login attempts. Please try again in 1 second.");
    expect(tooManyAttemptsText(45)).toBe("Too many login attempts. Please try again in 45 seconds.");
    expect(tooManyAttemptsText(60)).toBe("Too many login attempts. Please try again in 1 minute.");
    expect(tooManyAttemptsText(61)).toBe("Too many login attempts. Please try again in 2 minutes.");
    expect(tooManyAttemptsText(900)).toBe("Too many login attempts. Please try again in 15 minutes.");
    expect(tooManyAttemptsText(3600)).toBe("Too many login attempts. Please try again in 1 hour.");
    expect(tooManyAttemptsText(undefined)).toBe("Too many login attempts. Please try again later.");
  });
});

import { describe, expect, it } from "vitest";
import { distinctCategories, filterPosts } from "@/lib/filter-posts";

const posts = [
  { slug: "a", title: "How to Plan Reliable WiFi for an Outdoor Event", excerpt: "Ticket scanners and card readers.", category: "Event Technology" },
  { slug: "b", title: "Starlink for Business", excerpt: "What satellite service costs for rural offices.", category: "Internet Solutions" },
  { slug: "c", title: "SD-WAN vs. MPLS", excerpt: "How the two compare on cost and WiFi backhaul.", category: "Network Infrastructure" },
  { slug: "d", title: "Business Internet Failover", excerpt: "Keep card payments working when the line drops.", category: "Internet Solutions" },
] as const;

const slugs = (items: readonly { slug: string }[]) => items.map((item) => item.slug);

describe("filterPosts", () => {
  it("returns everything for an empty search and no category", () => {
    expect(slugs(filterPosts(posts, { search: "", category: null }))).toEqual(["a", "b", "c", "d"]);
    expect(slugs(filterPosts(posts, { search: "   ", category: null }))).toEqual(["a", "b", "c", "d"]);
  });

  it("matches a case-insensitive substring of the title", () => {
    expect(slugs(filterPosts(posts, { search: "STARLINK", category: null }))).toEqual(["b"]);
    expect(slugs(filterPosts(posts, { search: "sd-wan", category: null }))).toEqual(["c"]);
    expect(slugs(filterPosts(posts, { search: "liab", category: null }))).toEqual(["a"]);
  });

  it("matches the excerpt too", () => {
    expect(slugs(filterPosts(posts, { search: "satellite", category: null }))).toEqual(["b"]);
    expect(slugs(filterPosts(posts, { search: "card", category: null }))).toEqual(["a", "d"]);
    // Title of one, excerpt of another.
    expect(slugs(filterPosts(posts, { search: "wifi", category: null }))).toEqual(["a", "c"]);
  });

  it("ignores surrounding spaces in the search text", () => {
    expect(slugs(filterPosts(posts, { search: "  Starlink  ", category: null }))).toEqual(["b"]);
  });

  it("does not search the category or slug", () => {
    expect(filterPosts(posts, { search: "Infrastructure", category: null })).toEqual([]);
    expect(filterPosts(posts, { search: "event technology", category: null })).toEqual([]);
  });

  it("filters on an exact category", () => {
    expect(slugs(filterPosts(posts, { search: "", category: "Internet Solutions" }))).toEqual(["b", "d"]);
    expect(filterPosts(posts, { search: "", category: "internet solutions" })).toEqual([]);
    expect(filterPosts(posts, { search: "", category: "Internet" })).toEqual([]);
  });

  it("combines search and category", () => {
    expect(slugs(filterPosts(posts, { search: "card", category: "Internet Solutions" }))).toEqual(["d"]);
    expect(filterPosts(posts, { search: "starlink", category: "Event Technology" })).toEqual([]);
  });

  it("returns an empty list when nothing matches, and keeps the input untouched", () => {
    const input = [...posts];
    expect(filterPosts(input, { search: "zzz", category: null })).toEqual([]);
    expect(input).toEqual([...posts]);
  });

  it("returns the original objects in their original order", () => {
    const result = filterPosts(posts, { search: "", category: null });
    expect(result[0]).toBe(posts[0]);
    expect(result).not.toBe(posts);
  });
});

describe("distinctCategories", () => {
  it("lists each category once, in order of first appearance", () => {
    expect(distinctCategories(posts)).toEqual(["Event Technology", "Internet Solutions", "Network Infrastructure"]);
  });

  it("is empty for no posts", () => {
    expect(distinctCategories([])).toEqual([]);
  });
});

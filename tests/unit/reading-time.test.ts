import { describe, expect, it } from "vitest";
import { countWords, readingTimeMinutes, WORDS_PER_MINUTE } from "@/lib/reading-time";
import { readPostFile } from "../support/post-files";

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

describe("countWords", () => {
  it("counts plain words separated by any whitespace", () => {
    expect(countWords("one two  three\nfour\tfive")).toBe(5);
    expect(countWords("")).toBe(0);
    expect(countWords("   \n  ")).toBe(0);
  });

  it("does not count Markdown syntax", () => {
    expect(countWords("## A heading")).toBe(2);
    expect(countWords("**bold** and _italic_ and `code`")).toBe(5);
    expect(countWords("> quoted text")).toBe(2);
    expect(countWords("- first item\n- second item\n1. third item")).toBe(6);
    expect(countWords("before\n\n---\n\nafter")).toBe(2);
  });

  it("counts link and image text but not their URLs", () => {
    expect(countWords("see [our services](https://example.com/a/very/long/path) today")).toBe(4);
    expect(countWords("![a router on a desk](https://images.example/photo.jpg)")).toBe(5);
  });

  it("skips fenced code, HTML tags and table rules", () => {
    expect(countWords("intro\n```\nconst x = 1; let y = 2;\n```\noutro")).toBe(2);
    expect(countWords("<div class=\"note\">two words</div>")).toBe(2);
    expect(countWords("| Plan | Cost |\n|---|---:|\n| Basic | $500 |")).toBe(4);
  });

  it("counts numbers and words with punctuation, but not lone symbols", () => {
    expect(countWords("$500/month for 2 dishes — really?")).toBe(5);
    expect(countWords("a - b & c")).toBe(3);
  });
});

describe("readingTimeMinutes", () => {
  it("reads 200 words a minute, rounded to the nearest minute", () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readingTimeMinutes(words(200))).toBe(1);
    expect(readingTimeMinutes(words(299))).toBe(1);
    expect(readingTimeMinutes(words(300))).toBe(2);
    expect(readingTimeMinutes(words(1000))).toBe(5);
    expect(readingTimeMinutes(words(3010))).toBe(15);
  });

  it("never says less than one minute", () => {
    expect(readingTimeMinutes("")).toBe(1);
    expect(readingTimeMinutes("hi")).toBe(1);
    expect(readingTimeMinutes(words(50))).toBe(1);
  });

  it("gives the three full articles the §9 read times: 15, 14 and 12 minutes", () => {
    const minutes = (slug: string) => readingTimeMinutes(readPostFile(slug).body);
    expect(minutes("sd-wan-vs-mpls")).toBe(15);
    expect(minutes("starlink-for-business")).toBe(14);
    expect(minutes("wifi-outdoor-event")).toBe(12);
  });
});

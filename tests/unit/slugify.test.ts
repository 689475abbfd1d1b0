import { describe, expect, it } from "vitest";
import { slugify } from "@/lib/slugify";

describe("slugify", () => {
  it("lower-cases and joins words with hyphens", () => {
    expect(slugify("Hello World")).toBe("hello-world");
    expect(slugify("Common Solutions")).toBe("common-solutions");
  });

  it("collapses runs of punctuation and spaces into one hyphen", () => {
    expect(slugify("SD-WAN vs. MPLS: Which Is Right?")).toBe("sd-wan-vs-mpls-which-is-right");
    expect(slugify("Retail & POS")).toBe("retail-pos");
    expect(slugify("Dental / Medical")).toBe("dental-medical");
    expect(slugify("a   --  b")).toBe("a-b");
  });

  it("trims leading and trailing separators", () => {
    expect(slugify("  -- Hello! --  ")).toBe("hello");
    expect(slugify("(Optional) extras...")).toBe("optional-extras");
  });

  it("folds accents to ASCII", () => {
    expect(slugify("Café Déjà Vu")).toBe("cafe-deja-vu");
    expect(slugify("Ünïcödé naïve")).toBe("unicode-naive");
  });

  it("drops HTML entities as word breaks", () => {
    expect(slugify("Fiber &amp; Cable")).toBe("fiber-cable");
    expect(slugify("Q&amp;A")).toBe("q-a");
  });

  it("keeps digits", () => {
    expect(slugify("Step 1: Count 100 kbps per call")).toBe("step-1-count-100-kbps-per-call");
    expect(slugify("2023")).toBe("2023");
  });

  it("returns an empty string when nothing is left", () => {
    expect(slugify("")).toBe("");
    expect(slugify("?!…")).toBe("");
    expect(slugify("日本語")).toBe("");
  });

  it("is idempotent", () => {
    for (const text of ["Hello World", "SD-WAN vs. MPLS", "Café & Bar"]) expect(slugify(slugify(text))).toBe(slugify(text));
  });
});

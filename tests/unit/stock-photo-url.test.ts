import { describe, expect, it } from "vitest";
import {
  isStockPhoto,
  STOCK_PHOTO_HOST,
  STOCK_PHOTO_QUALITY,
  STOCK_PHOTO_WIDTHS,
  stockPhotoSrcSet,
  stockPhotoUrl,
} from "@/lib/stock-photo-url";

const PHOTO = "https://images.unsplash.com/photo-1516044734145-07ca8eef8731";

function params(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

describe("stockPhotoUrl", () => {
  it("targets the stock-photo service of §7 at quality 80", () => {
    expect(STOCK_PHOTO_HOST).toBe("images.unsplash.com");
    expect(STOCK_PHOTO_QUALITY).toBe(80);
  });

  it("strips existing width, height, quality and format, then adds webp and quality 80", () => {
    const url = stockPhotoUrl(`${PHOTO}?w=1200&h=900&q=60&fm=png`);
    const search = params(url);
    expect(search.getAll("fm")).toEqual(["webp"]);
    expect(search.getAll("q")).toEqual(["80"]);
    expect(search.has("w")).toBe(false);
    expect(search.has("h")).toBe(false);
    expect(new URL(url).origin + new URL(url).pathname).toBe(PHOTO);
  });

  it("defaults to webp and can ask for jpg", () => {
    expect(params(stockPhotoUrl(PHOTO)).get("fm")).toBe("webp");
    expect(params(stockPhotoUrl(PHOTO, { format: "jpg" })).get("fm")).toBe("jpg");
    expect(params(stockPhotoUrl(`${PHOTO}?fm=webp`, { format: "jpg" })).getAll("fm")).toEqual(["jpg"]);
  });

  it("adds the optional width and height, rounded, replacing any already there", () => {
    const search = params(stockPhotoUrl(`${PHOTO}?w=1200&h=10`, { width: 640.6, height: 480 }));
    expect(search.getAll("w")).toEqual(["641"]);
    expect(search.getAll("h")).toEqual(["480"]);
    const widthOnly = params(stockPhotoUrl(PHOTO, { width: 800 }));
    expect(widthOnly.get("w")).toBe("800");
    expect(widthOnly.has("h")).toBe(false);
  });

  it("keeps every other query parameter", () => {
    const search = params(stockPhotoUrl(`${PHOTO}?ixlib=rb-4.0.3&auto=format&fit=crop&w=100`, { width: 400 }));
    expect(search.get("ixlib")).toBe("rb-4.0.3");
    expect(search.get("auto")).toBe("format");
    expect(search.get("fit")).toBe("crop");
    expect(search.get("w")).toBe("400");
  });

  it("strips duplicated parameters too", () => {
    const search = params(stockPhotoUrl(`${PHOTO}?w=1&w=2&q=1&q=2&fm=jpg&fm=png`));
    expect(search.has("w")).toBe(false);
    expect(search.getAll("q")).toEqual(["80"]);
    expect(search.getAll("fm")).toEqual(["webp"]);
  });

  it("leaves other hosts, local assets and invalid URLs untouched", () => {
    for (const src of [
      "https://example.com/photo.jpg?w=1200&q=80",
      "https://images.unsplash.com.evil.example/photo?w=1",
      "https://plus.unsplash.com/premium_photo-1?w=1200",
      "/og/default.png",
      "images/local.jpg?w=10",
      "not a url",
      "",
    ]) {
      expect(stockPhotoUrl(src, { width: 400, height: 300, format: "jpg" })).toBe(src);
    }
  });
});

describe("stockPhotoSrcSet", () => {
  it("lists one candidate per width, each a rewritten URL with its w descriptor", () => {
    const srcSet = stockPhotoSrcSet(`${PHOTO}?w=1200&q=80`);
    expect(srcSet).toBeDefined();
    const candidates = srcSet!.split(", ").map((candidate) => candidate.split(" "));
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual(STOCK_PHOTO_WIDTHS.map((width) => `${width}w`));
    for (const [index, [url]] of candidates.entries()) {
      const search = params(url!);
      expect(search.getAll("w")).toEqual([String(STOCK_PHOTO_WIDTHS[index])]);
      expect(search.get("fm")).toBe("webp");
      expect(search.get("q")).toBe("80");
    }
  });

  it("offers widths that suit phones and retina desktops, in ascending order", () => {
    expect([...STOCK_PHOTO_WIDTHS]).toEqual([...STOCK_PHOTO_WIDTHS].sort((a, b) => a - b));
    expect(STOCK_PHOTO_WIDTHS[0]).toBeLessThanOrEqual(400);
    expect(STOCK_PHOTO_WIDTHS.at(-1)).toBeGreaterThanOrEqual(1600);
  });

  it("can use jpg", () => {
    const srcSet = stockPhotoSrcSet(PHOTO, "jpg")!;
    for (const candidate of srcSet.split(", ")) expect(params(candidate.split(" ")[0]!).get("fm")).toBe("jpg");
  });

  it("is undefined for anything but a stock photo", () => {
    expect(stockPhotoSrcSet("/og/default.png")).toBeUndefined();
    expect(stockPhotoSrcSet("https://example.com/a.jpg")).toBeUndefined();
    expect(stockPhotoSrcSet("::")).toBeUndefined();
  });
});

describe("isStockPhoto", () => {
  it("recognises the stock-photo host only", () => {
    expect(isStockPhoto(PHOTO)).toBe(true);
    expect(isStockPhoto(`${PHOTO}?w=10`)).toBe(true);
    expect(isStockPhoto("https://example.com/photo")).toBe(false);
    expect(isStockPhoto("/local.png")).toBe(false);
    expect(isStockPhoto("")).toBe(false);
  });
});

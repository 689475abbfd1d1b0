import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { builtRouteOf, inlineCodeHashes, overHttps, policyAsSent, renderedAnswerHeaders, withOnlyHashesOf } from "../../server/security-headers.mjs";

const hashOf = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

const MENU_SCRIPT = "document.querySelector('nav')?.setAttribute('data-ready', '');";
const ISLAND_SCRIPT = "customElements.define('astro-island', class extends HTMLElement {});";
const STYLE = "astro-island{display:contents}";

describe("a prerendered page's policy keeps only the hashes of its own inline code", () => {
  it("hashes the text of inline scripts and style elements, not scripts loaded from a file", () => {
    const html = `<html><head><style>${STYLE}</style><script type="module" src="/_astro/menu.js"></script></head><body><script>${MENU_SCRIPT}</script></body></html>`;
    expect(inlineCodeHashes(html)).toEqual(new Set([hashOf(STYLE), hashOf(MENU_SCRIPT)]));
  });

  it("drops the hashes of scripts the page does not hold and keeps every other source", () => {
    const policy = `default-src 'self';img-src 'self' data:; script-src 'self' ${hashOf(MENU_SCRIPT)} ${hashOf(ISLAND_SCRIPT)}; style-src 'self' ${hashOf(STYLE)}; style-src-attr 'unsafe-inline';`;
    const html = `<body><script>${MENU_SCRIPT}</script></body>`;
    expect(withOnlyHashesOf(policy, html)).toBe(
      `default-src 'self';img-src 'self' data:; script-src 'self' ${hashOf(MENU_SCRIPT)}; style-src 'self'; style-src-attr 'unsafe-inline';`,
    );
  });

  it("leaves a page with all of the site's inline code with its whole policy", () => {
    const policy = `script-src 'self' ${hashOf(MENU_SCRIPT)} ${hashOf(ISLAND_SCRIPT)}; style-src 'self' ${hashOf(STYLE)}`;
    const html = `<style>${STYLE}</style><script>${ISLAND_SCRIPT}</script><script type="module">${MENU_SCRIPT}</script>`;
    expect(withOnlyHashesOf(policy, html)).toBe(policy);
  });

  it("hashes script text that holds markup-like strings exactly as written", () => {
    const code = "const tag = '<div>&amp;' + \"</span>\"; if (1 < 2 && 3 > 2) console.log(tag);";
    expect(inlineCodeHashes(`<script>${code}</script>`)).toEqual(new Set([hashOf(code)]));
  });
});

describe("the path whose headers an answer carries", () => {
  it("is the route sirv serves the file at, however the path spells it", () => {
    for (const path of ["/blog", "/blog/", "/blog.html"]) expect(builtRouteOf(path), path).toBe("/blog");
    for (const path of ["/", "/index", "/index.html"]) expect(builtRouteOf(path), path).toBe("/");
    expect(builtRouteOf("/blog/sd-wan-vs-mpls/")).toBe("/blog/sd-wan-vs-mpls");
    expect(builtRouteOf("/_astro/island.Ab12.js")).toBe("/_astro/island.Ab12.js");
    expect(builtRouteOf("/og/site.png")).toBe("/og/site.png");
  });

  it("is decoded as sirv decodes it, and a broken encoding names no built route", () => {
    expect(builtRouteOf("/blog%2Fsd-wan-vs-mpls")).toBe("/blog%2Fsd-wan-vs-mpls");
    expect(builtRouteOf("/%62log")).toBe("/blog");
    expect(builtRouteOf("/%zz")).toBe("/%zz");
  });
});

describe("an answer rendered on demand", () => {
  it("is private and not stored unless its route chose a cache policy, and sends its policy as the scheme needs", () => {
    const page = new Headers({ "Content-Security-Policy": "default-src 'self';" });
    renderedAnswerHeaders(page, true);
    expect(page.get("cache-control")).toBe("private, no-store");
    expect(page.get("content-security-policy")).toBe("default-src 'self'; upgrade-insecure-requests;");

    const feed = new Headers({ "Cache-Control": "public, max-age=300" });
    renderedAnswerHeaders(feed, false);
    expect(feed.get("cache-control")).toBe("public, max-age=300");
    expect(feed.has("content-security-policy")).toBe(false);
  });
});

describe("a policy over HTTPS", () => {
  const policy = "default-src 'self'; script-src 'self' 'sha256-abc='; style-src-attr 'unsafe-inline';";

  it("upgrades insecure requests once, and only over HTTPS", () => {
    expect(policyAsSent(policy, false)).toBe(policy);
    const sent = policyAsSent(policy, true);
    expect(sent).toBe("default-src 'self'; script-src 'self' 'sha256-abc='; style-src-attr 'unsafe-inline'; upgrade-insecure-requests;");
    expect(policyAsSent(sent, true)).toBe(sent);
  });

  it("is known from the socket or from the first X-Forwarded-Proto entry a TLS proxy wrote", () => {
    expect(overHttps({ secure: true, forwardedProto: undefined })).toBe(true);
    expect(overHttps({ secure: false, forwardedProto: "https" })).toBe(true);
    expect(overHttps({ secure: false, forwardedProto: "https, http" })).toBe(true);
    expect(overHttps({ secure: false, forwardedProto: ["https"] })).toBe(true);
    expect(overHttps({ secure: false, forwardedProto: "http, https" })).toBe(false);
    expect(overHttps({ secure: false, forwardedProto: "httpsx" })).toBe(false);
    expect(overHttps({ secure: false, forwardedProto: null })).toBe(false);
  });
});

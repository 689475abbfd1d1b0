import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineCodeHashes, withOnlyHashesOf } from "../../server/security-headers.mjs";

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

import { describe, expect, it } from "vitest";
import { deferHydration } from "../../scripts/defer-hydration.mjs";
import { deferredScripts } from "../support/first-load-scripts";

/** The head and body Next.js 16 writes for an App Router page, trimmed to what the rewrite touches. */
const page = (nonce = "") =>
  `<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>` +
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"${nonce}/>` +
  `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>` +
  `<script src="/_next/static/chunks/react.js" async=""${nonce}></script>` +
  `<script src="/_next/static/chunks/turbopack-runtime.js" async=""${nonce}></script>` +
  `<title>Page</title><script src="/_next/static/chunks/polyfills.js" noModule=""${nonce}></script></head>` +
  `<body><main>Hello</main><script${nonce}>(self.__next_f=self.__next_f||[]).push([0])</script>` +
  `<script src="/_next/static/chunks/boot.js"${nonce} async=""></script></body></html>`;

describe("deferHydration", () => {
  it("replaces every framework chunk script with one loader in the head, keeping their order", () => {
    const { html, sources } = deferHydration(page());
    expect(sources).toEqual(["/_next/static/chunks/react.js", "/_next/static/chunks/turbopack-runtime.js", "/_next/static/chunks/boot.js"]);
    expect(deferredScripts(html)).toEqual(sources);
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async=""/);
    expect(html).not.toContain('rel="preload" as="script"');
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<script data-deferred-hydration=");
    expect(head.indexOf("data-deferred-hydration")).toBeGreaterThan(head.indexOf('rel="stylesheet"'));
  });

  it("leaves the nomodule polyfill, inline scripts and the page content alone", () => {
    const { html } = deferHydration(page());
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(html).toContain("<script>(self.__next_f=self.__next_f||[]).push([0])</script>");
    expect(html).toContain("<main>Hello</main>");
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>');
  });

  it("stamps the page's nonce on the loader, so a nonce-based policy lets it run", () => {
    const { html } = deferHydration(page(' nonce="abc123=="'));
    expect(html).toMatch(/<script data-deferred-hydration="" nonce="abc123==">/);
    expect(deferredScripts(html)).toHaveLength(3);
  });

  it("waits for the first contentful paint, the priority image and two frames, with fallbacks", () => {
    const { html } = deferHydration(page());
    const loader = /<script data-deferred-hydration="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(loader).toContain('getEntriesByName("first-contentful-paint")');
    expect(loader).toContain('img[fetchpriority="high"]');
    expect(loader).toContain("requestAnimationFrame");
    // Without paint timing the scripts load at once; a timer covers a paint that is never reported.
    expect(loader).toContain('indexOf("paint")<0)return go()');
    expect(loader).toMatch(/setTimeout\(go,\d+\)/);
  });

  it("is idempotent and leaves pages without chunk scripts unchanged", () => {
    const once = deferHydration(page()).html;
    const twice = deferHydration(once);
    expect(twice.sources).toEqual([]);
    expect(twice.html).toBe(once);
    const plain = "<!DOCTYPE html><html><head><title>x</title></head><body><p>no scripts</p></body></html>";
    expect(deferHydration(plain)).toEqual({ html: plain, sources: [] });
  });
});

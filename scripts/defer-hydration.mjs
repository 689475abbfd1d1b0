/**
 * Paint first, then hydrate: rewrites a page's HTML so the browser downloads the
 * framework's scripts only after the page is on screen.
 *
 * Why: Next.js puts every client chunk in the <head> as `<script async>`, so the
 * browser fetches ~150 KB of JavaScript in parallel with the stylesheet, the font
 * and the hero image, and runs it as soon as it arrives, often before the first
 * frame is presented. On a phone network that JavaScript competes with what the
 * visitor is waiting to see, and Lighthouse's mobile simulation charges the whole
 * download to the Largest Contentful Paint. The pages are complete without
 * JavaScript (server-rendered, links and forms work), so nothing is lost by
 * hydrating a moment later.
 *
 * What it does: removes the chunk scripts (and the preload of the bootstrap chunk)
 * and puts one small inline loader where the first of them was. The loader waits
 * for the browser's first-contentful-paint entry (reported once the frame is
 * presented), then for the priority image of the page (the LCP candidate, marked
 * fetchpriority=high) to load or fail, then two frames, and appends the same
 * scripts, async as before. Browsers without paint timing load them at once, and
 * a timer starts them if no paint is reported within a few seconds.
 *
 * Used after `next build` on every prerendered page (`node scripts/defer-hydration.mjs`)
 * and by server.mjs on public pages rendered per request; importable for tests.
 * Idempotent: a page without chunk scripts is returned unchanged.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** An empty external script element; its attributes are read separately (React orders them per page kind). */
const EXTERNAL_SCRIPT = /<script((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)><\/script>/g;
const CHUNK_SOURCE = /\ssrc="(\/_next\/static\/chunks\/[^"]+\.js)"/;
const BOOTSTRAP_PRELOAD = /<link rel="preload" as="script"[^>]*\shref="\/_next\/static\/chunks\/[^"]+\.js"[^>]*\/>/g;
const LOADER_MARKER = "data-deferred-hydration";

/** How long after the loader runs the scripts start even if no paint was reported. */
const FALLBACK_MS = 4000;
/** How long the loader waits for a priority image before hydrating anyway. */
const IMAGE_WAIT_MS = 1500;

function loaderSource(sources) {
  // Kept ES5 and tiny: it runs before anything else on the page.
  return `(function(s){var d=0;function go(){if(d)return;d=1;for(var i=0;i<s.length;i++){var e=document.createElement("script");e.src=s[i];e.async=true;document.head.appendChild(e)}}
function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}
function hero(){var w=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(m){return!m.complete});var n=w.length;if(!n)return frames();var t=setTimeout(frames,${IMAGE_WAIT_MS});w.forEach(function(m){function f(){if(--n===0){clearTimeout(t);frames()}}m.addEventListener("load",f,{once:true});m.addEventListener("error",f,{once:true})})}
var P=window.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return go();
setTimeout(go,${FALLBACK_MS});new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();hero()}}).observe({type:"paint",buffered:true})})(${JSON.stringify(sources)})`;
}

/**
 * Returns the page with its chunk scripts replaced by the deferred loader, and the
 * list of scripts it defers. `nonce` is stamped on the loader for pages with a
 * nonce-based policy (scripts it creates are then trusted through 'strict-dynamic').
 */
export function deferHydration(html) {
  // Next's error shell (a 404 from notFound() while rendering) has an empty body and draws
  // everything from the payload: it never paints before hydrating, so it must not wait for a paint.
  if (html.includes('<html id="__next_error__"')) return { html, sources: [] };
  const sources = [];
  let nonce = "";
  let firstIndex = -1;
  const stripped = html.replace(EXTERNAL_SCRIPT, (match, attributes, offset) => {
    const src = CHUNK_SOURCE.exec(attributes)?.[1];
    // Only the framework's async chunks: the nomodule polyfill and anything else stay as they are.
    if (!src || !/\sasync=""/.test(attributes) || /\snoModule/i.test(attributes)) return match;
    if (!sources.includes(src)) sources.push(src);
    if (firstIndex < 0) firstIndex = offset;
    nonce ||= /\snonce="[^"]*"/.exec(attributes)?.[0] ?? "";
    return "";
  });
  if (sources.length === 0 || firstIndex < 0) return { html, sources };
  // The first chunk script sat in <head>; nothing before it was removed, so its offset still holds.
  const withoutPreload = stripped.slice(0, firstIndex).replace(BOOTSTRAP_PRELOAD, "");
  const loader = `<script ${LOADER_MARKER}=""${nonce}>${loaderSource(sources)}</script>`;
  return { html: withoutPreload + loader + stripped.slice(firstIndex).replace(BOOTSTRAP_PRELOAD, ""), sources };
}

function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* htmlFiles(file);
    else if (name.endsWith(".html")) yield file;
  }
}

/** Rewrites every prerendered page of a build directory (Next serves them from .next/server). */
export function deferBuild(distDir) {
  let pages = 0;
  for (const file of htmlFiles(path.join(distDir, "server"))) {
    const { html, sources } = deferHydration(readFileSync(file, "utf8"));
    if (sources.length === 0) continue;
    writeFileSync(file, html);
    pages += 1;
  }
  return pages;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next");
  console.log(`deferred hydration: ${deferBuild(distDir)} prerendered pages rewritten in ${path.relative(process.cwd(), distDir)}/server`);
}

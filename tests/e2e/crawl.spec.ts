import { expect, test } from "./fixtures";
import { anchorHrefs, elementIds } from "./helpers";

interface FoundLink {
  from: string;
  href: string;
  target: string;
  fragment: string;
}

/**
 * Crawls the site from "/" through every same-origin `<a href>` in the server HTML
 * (query strings included, e.g. /contact?service=sd-wan): every page must answer 200,
 * and every `#fragment` must name an element id on its target page.
 */
test("no dead internal links or fragments anywhere reachable from /", async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  const html = new Map<string, string>();
  const status = new Map<string, number>();
  const links: FoundLink[] = [];
  const problems: string[] = [];
  let queue = ["/"];
  const seen = new Set(queue);

  while (queue.length > 0) {
    const batch = queue;
    queue = [];
    await Promise.all(
      batch.map(async (target) => {
        const response = await request.get(target, { maxRedirects: 0 });
        status.set(target, response.status());
        if (response.status() !== 200 || !(response.headers()["content-type"] ?? "").includes("text/html")) return;
        const body = await response.text();
        html.set(target, body);
        for (const href of anchorHrefs(body)) {
          if (href === "" || href === "#") {
            problems.push(`${target}: placeholder link href="${href}"`);
            continue;
          }
          const url = new URL(href, `${origin}${target}`);
          if (url.origin !== origin) continue;
          const key = `${url.pathname}${url.search}`;
          links.push({ from: target, href, target: key, fragment: decodeURIComponent(url.hash.slice(1)) });
          if (!seen.has(key)) {
            seen.add(key);
            queue.push(key);
          }
        }
      }),
    );
  }

  for (const [target, code] of status) {
    if (code !== 200) {
      const referrers = [...new Set(links.filter((link) => link.target === target).map((link) => link.from))];
      problems.push(`${target} answered ${code} (linked from ${referrers.slice(0, 3).join(", ")})`);
    }
  }
  for (const link of links) {
    if (!link.fragment) continue;
    const body = html.get(link.target);
    if (body && !elementIds(body).has(link.fragment)) problems.push(`${link.from}: "${link.href}" points at a missing id #${link.fragment}`);
  }

  // The crawl really covered the site: every kind of page was reached.
  const reached = [...status.keys()];
  for (const expected of ["/services", "/services/sd-wan", "/industries", "/case-studies", "/about", "/blog", "/blog/sd-wan-vs-mpls", "/greenville-voip", "/privacy", "/terms", "/sitemap", "/contact", "/survey"]) {
    expect(reached, `crawl reached ${expected}`).toContain(expected);
  }
  expect(reached.some((key) => key.startsWith("/contact?service="))).toBe(true);
  expect(links.filter((link) => link.fragment).length).toBeGreaterThan(5);
  expect(problems, problems.join("\n")).toEqual([]);
});

/**
 * The JavaScript a page loads when it opens: its external scripts (but nomodule
 * polyfills, which modern browsers never fetch) and the framework chunks its
 * deferred-hydration loader appends once the page has painted
 * (scripts/defer-hydration.mjs).
 */
export function firstLoadScripts(html: string): string[] {
  const external = [...html.matchAll(/<script(?![^>]*noModule)[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
  const deferred = deferredScripts(html) ?? [];
  return [...new Set([...external, ...deferred])];
}

/** The chunk list of the page's deferred-hydration loader, or undefined when it has none. */
export function deferredScripts(html: string): string[] | undefined {
  const list = /<script data-deferred-hydration=""[^>]*>[\s\S]*?\}\)\((\[[^\]]*\])\)<\/script>/.exec(html)?.[1];
  return list === undefined ? undefined : (JSON.parse(list) as string[]);
}

import { ChevronsDown } from "lucide-react";

/**
 * "DISCOVER MORE" scrolls down one viewport height (§2). It is a real anchor to the
 * next section, so it works when scripts do not run; discover-more.ts (started with the site scripts, site-scripts.ts) turns the jump
 * into the one-viewport scroll.
 */
export function DiscoverMoreLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      data-scroll-one-viewport=""
      className="inline-flex min-h-11 flex-col items-center gap-1 rounded-md px-3 py-1 text-xs font-semibold tracking-[0.2em] text-brand-100 hover:text-white"
    >
      DISCOVER MORE
      <ChevronsDown aria-hidden="true" className="size-5 motion-safe:animate-bounce" />
    </a>
  );
}

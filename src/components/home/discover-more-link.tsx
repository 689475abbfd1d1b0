import { ChevronsDown } from "lucide-react";
import type { MouseEvent } from "react";

/**
 * "DISCOVER MORE" scrolls down one viewport height (§2). It is a real anchor to the
 * next section, so it still works when scripts do not run.
 */
export function DiscoverMoreLink({ targetId }: { targetId: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: window.innerHeight, behavior: reduceMotion ? "auto" : "smooth" });
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={onClick}
      className="inline-flex min-h-11 flex-col items-center gap-1 rounded-md px-3 py-1 text-xs font-semibold tracking-[0.2em] text-brand-100 hover:text-white"
    >
      DISCOVER MORE
      <ChevronsDown aria-hidden="true" className="size-5 motion-safe:animate-bounce" />
    </a>
  );
}

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/** Rows an inbox renders at first, and how many more each step adds. */
export const INBOX_ROWS_STEP = 100;

/**
 * An inbox with years of submissions renders its first rows at once and the rest in steps
 * (issue 29: 1,600 rows made a page 203,150 px tall that took 1.9 s to show anything). The
 * list and its order are the API's, whole; only the rendering waits. The next step comes
 * when the end of the table scrolls near, or from the "Show more" button (keyboard, or a
 * browser without IntersectionObserver).
 */
export function useRowsInSteps<Row>(rows: readonly Row[]) {
  const [count, setCount] = useState(INBOX_ROWS_STEP);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = () => setCount((current) => current + INBOX_ROWS_STEP);
  const remaining = Math.max(0, rows.length - count);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || remaining === 0 || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setCount((current) => current + INBOX_ROWS_STEP);
    }, { rootMargin: "800px 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [remaining]);

  return { shown: rows.slice(0, count), remaining, more, sentinel };
}

/** Below the table: how many rows are still to come, and the button that brings the next step. */
export function MoreRows({ remaining, more, sentinel }: { remaining: number; more: () => void; sentinel: React.RefObject<HTMLDivElement | null> }) {
  if (remaining === 0) return null;
  return (
    <div ref={sentinel} className="mt-4 flex flex-wrap items-center justify-center gap-3 text-sm text-slate-700" data-testid="more-rows">
      <span>{remaining.toLocaleString("en-US")} more below</span>
      <Button variant="outline" onClick={more}>
        Show more
      </Button>
    </div>
  );
}

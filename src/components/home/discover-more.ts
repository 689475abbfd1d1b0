/** The "DISCOVER MORE" cue (discover-more-link.tsx): one viewport down, the URL left as it is. */
export function startDiscoverMore(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-scroll-one-viewport]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.scrollBy({ top: window.innerHeight, behavior: reduceMotion ? "auto" : "smooth" });
    });
  }
}

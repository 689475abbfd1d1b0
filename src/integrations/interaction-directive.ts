import type { ClientDirective } from "astro";

const TRIGGERS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Hydrates the island on its first interaction. A click that lands before the component
 * is ready is held and replayed on the same element once it has hydrated, so a tap on a
 * filter button is never lost.
 */
const interactionDirective: ClientDirective = (load, _options, island) => {
  let pendingClick: HTMLElement | null = null;
  const holdClick = (event: Event) => {
    if (event.target instanceof HTMLElement) pendingClick = event.target;
    event.preventDefault();
    event.stopPropagation();
  };
  const start = async () => {
    for (const type of TRIGGERS) island.removeEventListener(type, start, true);
    island.addEventListener("click", holdClick, true);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      island.removeEventListener("click", holdClick, true);
    }
    pendingClick?.click();
  };
  for (const type of TRIGGERS) island.addEventListener(type, start, { capture: true, passive: true });
};

export default interactionDirective;

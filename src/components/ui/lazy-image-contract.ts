/** What lazy-image.tsx (the markup) and lazy-image-element.ts (the behaviour) agree on. */
export type LazyImageState = "waiting" | "loading" | "loaded" | "failed";

/** The <template> holding the failed face (LazyImageFailedTemplate). */
export const LAZY_IMAGE_FAILED_TEMPLATE_ID = "lazy-image-failed";

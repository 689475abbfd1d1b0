/// <reference types="astro/client" />

// An import or export makes this file a module, so the block below augments "astro"
// instead of replacing its types with an ambient declaration.
export {};

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus, touch or key event (src/integrations/hydrate-on-interaction.ts). */
    "client:interaction"?: boolean;
    /** Hydrate right after the first contentful paint (src/integrations/hydrate-after-paint.ts). */
    "client:painted"?: boolean;
  }
}

/// <reference types="astro/client" />

// A module, so the block below augments "astro" instead of replacing its types.
export {};

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus, touch or key event (src/integrations/hydrate-on-interaction.ts). */
    "client:interaction"?: boolean;
  }
}

/// <reference types="astro/client" />

// A module, so that `declare module "astro"` below adds to Astro's types instead of replacing them.
export {};

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus, touch or key event (src/integrations/hydrate-on-interaction.ts). */
    "client:interaction"?: boolean;
  }
}

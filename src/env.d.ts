/// <reference types="astro/client" />


declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus, touch or key event (src/integrations/hydrate-on-interaction.ts). */
    "client:interaction"?: boolean;
  }
}

import type { DetailedHTMLProps, HTMLAttributes } from "react";

/** Custom elements rendered from React components (their behaviour is defined beside them). */
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** src/components/ui/lazy-image-element.ts */
      "lazy-image": DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

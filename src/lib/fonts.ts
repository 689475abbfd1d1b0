import localFont from "next/font/local";

/**
 * Inter, self-hosted from the @fontsource-variable package: no request leaves the
 * site, and next/font adds a metric-matched fallback so text does not shift. The
 * file is the package's Latin font cut to the characters and weights the pages use
 * by scripts/subset-font.mjs, which the dev and build scripts run first.
 */
export const inter = localFont({
  src: "../../.generated/inter-subset-wght.woff2",
  variable: "--font-inter",
  weight: "400 800",
  style: "normal",
  display: "swap",
  fallback: ["system-ui", "Arial", "sans-serif"],
  adjustFontFallback: "Arial",
});

import localFont from "next/font/local";

/**
 * Inter, self-hosted from the @fontsource-variable package: no request leaves the
 * site, and next/font adds a metric-matched fallback so text does not shift.
 */
export const inter = localFont({
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  weight: "100 900",
  style: "normal",
  display: "swap",
  fallback: ["system-ui", "Arial", "sans-serif"],
  adjustFontFallback: "Arial",
});

import { readFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { site } from "@/content/site";

export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

let fonts: Promise<{ bold: Buffer; medium: Buffer }> | undefined;

/** Inter from the @fontsource package: images are drawn at build time with no network. */
function loadFonts() {
  const file = (weight: number) => path.join(process.cwd(), "node_modules", "@fontsource", "inter", "files", `inter-latin-${weight}-normal.woff`);
  fonts ??= Promise.all([readFile(file(700)), readFile(file(500))]).then(([bold, medium]) => ({ bold, medium }));
  return fonts;
}

/**
 * A 1200×630 share image as PNG: the title on the brand background, with the brand mark.
 * satori lays the markup out as SVG and resvg rasterises it, at build time.
 */
export async function renderSocialImage({ eyebrow, title }: { eyebrow: string; title: string }): Promise<Uint8Array> {
  const { bold, medium } = await loadFonts();
  const titleSize = title.length > 70 ? 56 : title.length > 40 ? 66 : 78;
  const svg = await satori(
    (
      <div
        style={{
          // satori sizes boxes as content-box; the padding must stay inside the 1200×630 canvas.
          boxSizing: "border-box",
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: "64px 72px",
          background: "linear-gradient(135deg, #13264a 0%, #1c3c70 55%, #1a4fae 100%)",
          color: "white",
          fontFamily: "Inter",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
          <svg width="64" height="64" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="7" fill="#ffffff" />
            <path d="M4 23 L11 13 L15 18 L20 10 L28 23" fill="none" stroke="#1b448d" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round" />
            <path d="M6 26 H26" stroke="#fbbf24" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <div style={{ display: "flex", flexDirection: "column" }}>
            <span style={{ fontSize: 34, fontWeight: 700 }}>{site.shortName}</span>
            <span style={{ fontSize: 22, fontWeight: 500, color: "#bcdaff" }}>Technologies</span>
          </div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
          <span style={{ fontSize: 28, fontWeight: 500, color: "#fbbf24", textTransform: "uppercase", letterSpacing: 2 }}>{eyebrow}</span>
          <span style={{ fontSize: titleSize, fontWeight: 700, lineHeight: 1.1 }}>{title}</span>
        </div>
        <div style={{ display: "flex", justifyContent: "space-between", fontSize: 26, fontWeight: 500, color: "#d9eaff" }}>
          <span>{site.regionName}</span>
          <span>{new URL(site.url).host}</span>
        </div>
      </div>
    ),
    {
      ...SOCIAL_IMAGE_SIZE,
      fonts: [
        { name: "Inter", data: bold, weight: 700, style: "normal" },
        { name: "Inter", data: medium, weight: 500, style: "normal" },
      ],
    },
  );
  return new Resvg(svg, { fitTo: { mode: "width", value: SOCIAL_IMAGE_SIZE.width } }).render().asPng();
}

/** What a social image endpoint (src/pages/og/…) answers. */
export async function socialImageResponse(text: { eyebrow: string; title: string }): Promise<Response> {
  const png = await renderSocialImage(text);
  // A copy typed as backed by an ArrayBuffer, which is what a Response body accepts.
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
}

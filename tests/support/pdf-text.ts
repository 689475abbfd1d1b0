import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The 14 standard fonts' metrics, which PDFs with built-in Helvetica (pdfkit's) refer to. */
const STANDARD_FONTS = `${path.join(process.cwd(), "node_modules", "pdfjs-dist", "standard_fonts")}/`;

/** The text of a PDF, page by page, lines joined by newlines: what a reader (or a court) can extract. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await document.destroy();
  return pages.join("\n");
}

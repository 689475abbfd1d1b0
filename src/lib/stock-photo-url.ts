/** The stock-photo service (§7). Other URLs pass through untouched. */
export const STOCK_PHOTO_HOST = "images.unsplash.com";

export type StockPhotoFormat = "webp" | "jpg";

export interface StockPhotoOptions {
  format?: StockPhotoFormat;
  width?: number;
  height?: number;
}

const STRIPPED_PARAMS = ["w", "h", "q", "fm"] as const;
export const STOCK_PHOTO_QUALITY = 80;

/**
 * Rewrites a stock-photo URL per §7: any width, height, quality and format already
 * present are removed, then the format (webp by default), quality 80 and the
 * optional width and height are added.
 */
export function stockPhotoUrl(src: string, options: StockPhotoOptions = {}): string {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return src;
  }
  if (url.hostname !== STOCK_PHOTO_HOST) return src;
  for (const param of STRIPPED_PARAMS) url.searchParams.delete(param);
  url.searchParams.set("fm", options.format ?? "webp");
  url.searchParams.set("q", String(STOCK_PHOTO_QUALITY));
  if (options.width !== undefined) url.searchParams.set("w", String(Math.round(options.width)));
  if (options.height !== undefined) url.searchParams.set("h", String(Math.round(options.height)));
  return url.toString();
}

/** Widths offered in `srcset`: enough steps that phones and retina desktops both fit. */
export const STOCK_PHOTO_WIDTHS = [400, 640, 828, 1080, 1280, 1600] as const;

export function stockPhotoSrcSet(src: string, format: StockPhotoFormat = "webp"): string | undefined {
  if (!isStockPhoto(src)) return undefined;
  return STOCK_PHOTO_WIDTHS.map((width) => `${stockPhotoUrl(src, { format, width })} ${width}w`).join(", ");
}

export function isStockPhoto(src: string): boolean {
  try {
    return new URL(src).hostname === STOCK_PHOTO_HOST;
  } catch {
    return false;
  }
}

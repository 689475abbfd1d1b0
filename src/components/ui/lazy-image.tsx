import { ImageOff } from "lucide-react";
import { cn } from "@/lib/cn";
import { stockPhotoSrcSet, stockPhotoUrl } from "@/lib/stock-photo-url";
import { LAZY_IMAGE_FAILED_TEMPLATE_ID, type LazyImageState } from "./lazy-image-contract";

export interface LazyImageProps {
  src: string;
  alt: string;
  /** Intrinsic size: reserves the box so nothing shifts while loading or on failure. */
  width: number;
  height: number;
  sizes?: string;
  className?: string;
  imgClassName?: string;
  /** The largest above-the-fold image: loaded at once with high priority. */
  priority?: boolean;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function imgHtml(attributes: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(attributes).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return `<img ${pairs.map(([name, value]) => `${name}="${escapeAttribute(String(value))}"`).join(" ")}>`;
}

/**
 * §4 lazy image: waiting → loading (placeholder) → loaded (fades in) or failed (grey
 * placeholder with an icon). This component is only the server HTML of the first state;
 * the <lazy-image> element (lazy-image-element.ts, loaded once by the site layout) moves
 * it on, so pages with photos load no React. The element changes `data-state` (CSS picks
 * the face) and the contents of the stage, whose HTML React declares once and then
 * leaves alone: the same markup also works inside a hydrated island.
 */
export function LazyImage({ src, alt, width, height, sizes = "100vw", className, imgClassName, priority = false }: LazyImageProps) {
  const url = stockPhotoUrl(src, { format: "webp", width: Math.min(width, 1600) });
  const srcSet = stockPhotoSrcSet(src);
  const initialState: LazyImageState = priority ? "loading" : "waiting";
  const img = {
    src: url,
    srcset: srcSet,
    sizes: srcSet ? sizes : undefined,
    alt,
    width,
    height,
    decoding: "async",
    // A priority photo is the page's largest paint: it shows the moment it has pixels;
    // a lazy one fades in once loaded.
    class: priority
      ? cn("absolute inset-0 size-full object-cover", imgClassName)
      : cn("absolute inset-0 size-full object-cover opacity-0 transition-opacity duration-500 group-data-[state=loaded]/lazy:opacity-100", imgClassName),
  };

  return (
    <lazy-image
      className={cn("group/lazy relative block overflow-hidden bg-slate-200", className)}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-state={initialState}
      // What the element needs to create a lazy photo's <img> once it comes near the view.
      data-img={priority ? undefined : JSON.stringify(img)}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-br from-brand-200 via-slate-200 to-brand-100 group-data-[state=failed]/lazy:hidden group-data-[state=loaded]/lazy:hidden no-js:hidden"
      />
      <div
        data-lazy-image-stage=""
        className="absolute inset-0"
        dangerouslySetInnerHTML={{ __html: priority ? imgHtml({ ...img, fetchpriority: "high", loading: "eager" }) : "" }}
      />
      {!priority && (
        <noscript>
          <img src={url} alt={alt} width={width} height={height} className="absolute inset-0 size-full object-cover" />
        </noscript>
      )}
    </lazy-image>
  );
}

/**
 * The face of a photo that could not load, cloned by the element into the stage (with
 * the photo's alt text as its label). Rendered once per page, by the site layout.
 */
export function LazyImageFailedTemplate() {
  return (
    <template id={LAZY_IMAGE_FAILED_TEMPLATE_ID}>
      <div role="img" className="absolute inset-0 flex items-center justify-center bg-slate-200 text-slate-500">
        <ImageOff aria-hidden="true" className="size-10" strokeWidth={1.5} />
      </div>
    </template>
  );
}

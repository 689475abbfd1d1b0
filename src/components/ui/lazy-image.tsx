import { ImageOff } from "lucide-react";
import { cn } from "@/lib/cn";
import { stockPhotoSrcSet, stockPhotoUrl } from "@/lib/stock-photo-url";
import type { LazyImageState } from "./lazy-image-element";

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

/**
 * §4 lazy image: waiting → loading (placeholder) → loaded (fades in) or failed (grey
 * placeholder with an icon). This component is only the server HTML; the states are
 * driven by the <lazy-image> element (lazy-image-element.ts, loaded once by the site
 * layout), so pages that show photos load no React. Every face of every state is in
 * this markup and CSS picks one by `data-state`; the element only flips that attribute
 * and, for a lazy photo, adds the <img> to the stage, which React leaves alone (its
 * HTML is declared empty), so the markup can also sit inside a hydrated island.
 */
export function LazyImage({ src, alt, width, height, sizes = "100vw", className, imgClassName, priority = false }: LazyImageProps) {
  const url = stockPhotoUrl(src, { format: "webp", width: Math.min(width, 1600) });
  const srcSet = stockPhotoSrcSet(src);
  const initialState: LazyImageState = priority ? "loading" : "waiting";

  return (
    <lazy-image
      className={cn("group/lazy relative block overflow-hidden bg-slate-200", className)}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-state={initialState}
      data-src={priority ? undefined : url}
      data-srcset={priority ? undefined : srcSet}
      data-sizes={priority || !srcSet ? undefined : sizes}
      data-alt={priority ? undefined : alt}
      data-width={priority ? undefined : width}
      data-height={priority ? undefined : height}
      // A lazy photo fades in once loaded; the classes live here so Tailwind sees them.
      data-img-class={priority ? undefined : cn("absolute inset-0 size-full object-cover opacity-0 transition-opacity duration-500 group-data-[state=loaded]/lazy:opacity-100", imgClassName)}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-br from-brand-200 via-slate-200 to-brand-100 group-data-[state=failed]/lazy:hidden group-data-[state=loaded]/lazy:hidden no-js:hidden"
      />
      {priority ? (
        // The page's largest paint: it shows the moment it has pixels, with no fade.
        <img
          src={url}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          fetchPriority="high"
          loading="eager"
          className={cn("absolute inset-0 size-full object-cover group-data-[state=failed]/lazy:hidden", imgClassName)}
        />
      ) : (
        <>
          <div data-lazy-image-stage="" className="absolute inset-0" dangerouslySetInnerHTML={{ __html: "" }} />
          <noscript>
            <img src={url} alt={alt} width={width} height={height} className="absolute inset-0 size-full object-cover" />
          </noscript>
        </>
      )}
      <div role="img" aria-label={alt} className="absolute inset-0 hidden items-center justify-center bg-slate-200 text-slate-500 group-data-[state=failed]/lazy:flex">
        <ImageOff aria-hidden="true" className="size-10" strokeWidth={1.5} />
      </div>
    </lazy-image>
  );
}

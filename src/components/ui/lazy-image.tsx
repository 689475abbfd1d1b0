import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { stockPhotoSrcSet, stockPhotoUrl } from "@/lib/stock-photo-url";

/** §9: load 50 px before the image enters the view, at a 0.1 visibility threshold. */
export const LAZY_IMAGE_ROOT_MARGIN = "50px";
export const LAZY_IMAGE_THRESHOLD = 0.1;

type LoadState = "waiting" | "loading" | "loaded" | "failed";

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

export function LazyImage({ src, alt, width, height, sizes = "100vw", className, imgClassName, priority = false }: LazyImageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<LoadState>(priority ? "loading" : "waiting");

  useEffect(() => {
    if (state !== "waiting") return;
    const box = boxRef.current;
    if (!box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState("loading");
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_IMAGE_ROOT_MARGIN, threshold: LAZY_IMAGE_THRESHOLD },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [state]);

  // A priority image starts loading from the server HTML, before React can listen:
  // read the outcome it may already have reached when React attaches to it.
  const attachImage = (img: HTMLImageElement | null) => {
    imgRef.current = img;
    if (priority && img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "failed");
  };

  const url = stockPhotoUrl(src, { format: "webp", width: Math.min(width, 1600) });
  const srcSet = stockPhotoSrcSet(src);
  const showImage = state === "loading" || state === "loaded";

  return (
    <div
      ref={boxRef}
      className={cn("relative overflow-hidden bg-slate-200", className)}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-state={state}
    >
      {state === "failed" ? (
        // Keys keep React from morphing the loading placeholder into this one in place,
        // which the browser would report as a layout shift.
        <div key="failed" role="img" aria-label={alt} className="absolute inset-0 flex items-center justify-center bg-slate-200 text-slate-500">
          <ImageOff aria-hidden="true" className="size-10" strokeWidth={1.5} />
        </div>
      ) : (
        <>
          {state !== "loaded" && (
            <div
              key="loading"
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-br from-brand-200 via-slate-200 to-brand-100 no-js:hidden"
            />
          )}
          {showImage && (
            // eslint-disable-next-line @next/next/no-img-element -- the stock-photo CDN resizes and encodes for us; routing it through Next's optimizer would proxy every photo through our server.
            <img
            ref={attachImage}
            src={url}
            srcSet={srcSet}
            sizes={srcSet ? sizes : undefined}
            alt={alt}
            width={width}
            height={height}
            decoding="async"
            fetchPriority={priority ? "high" : undefined}
            loading={priority ? "eager" : undefined}
            onLoad={() => setState("loaded")}
            onError={() => setState("failed")}
            className={cn(
              "absolute inset-0 size-full object-cover",
              // A priority image is the page's largest paint: it shows the moment it has
              // pixels, not after scripts start and fade it in. Lazy ones fade in.
              priority ? "opacity-100" : ["transition-opacity duration-500 no-js:hidden", state === "loaded" ? "opacity-100" : "opacity-0"],
              imgClassName,
            )}
            />
          )}
          {!priority && (
            <noscript>
              {/* eslint-disable-next-line @next/next/no-img-element -- shown only when scripts never run */}
              <img src={url} alt={alt} width={width} height={height} className="absolute inset-0 size-full object-cover" />
            </noscript>
          )}
        </>
      )}
    </div>
  );
}

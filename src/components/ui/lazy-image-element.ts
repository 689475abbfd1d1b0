/**
 * The behaviour of the lazy image (§4, §9), as a custom element so that it also
 * starts for boxes a React island mounts later (a blog filter showing a card again).
 * The markup, every state's face included, comes from lazy-image.tsx.
 */
export type LazyImageState = "waiting" | "loading" | "loaded" | "failed";

/** §9: load 50 px before the image enters the view, at a 0.1 visibility threshold. */
export const LAZY_IMAGE_ROOT_MARGIN = "50px";
export const LAZY_IMAGE_THRESHOLD = 0.1;

class LazyImageElement extends HTMLElement {
  static observer: IntersectionObserver | undefined;

  private static nearView(): IntersectionObserver {
    LazyImageElement.observer ??= new IntersectionObserver(
      (entries, observer) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer.unobserve(entry.target);
          (entry.target as LazyImageElement).load();
        }
      },
      { rootMargin: LAZY_IMAGE_ROOT_MARGIN, threshold: LAZY_IMAGE_THRESHOLD },
    );
    return LazyImageElement.observer;
  }

  private get state(): LazyImageState {
    return (this.dataset.state as LazyImageState | undefined) ?? "waiting";
  }

  private set state(state: LazyImageState) {
    this.dataset.state = state;
  }

  connectedCallback(): void {
    if (this.state === "waiting") {
      LazyImageElement.nearView().observe(this);
      return;
    }
    // A priority photo is in the server HTML and may have finished before this ran.
    const img = this.querySelector<HTMLImageElement>(":scope > img");
    if (this.state === "loading" && img) this.follow(img);
  }

  disconnectedCallback(): void {
    LazyImageElement.observer?.unobserve(this);
  }

  private load(): void {
    const stage = this.querySelector<HTMLElement>(":scope > [data-lazy-image-stage]");
    const { src, srcset, sizes, alt, width, height, imgClass } = this.dataset;
    if (!stage || !src) return;
    const img = document.createElement("img");
    img.alt = alt ?? "";
    if (width) img.width = Number(width);
    if (height) img.height = Number(height);
    img.decoding = "async";
    img.className = imgClass ?? "";
    if (srcset) {
      img.srcset = srcset;
      if (sizes) img.sizes = sizes;
    }
    img.src = src;
    this.state = "loading";
    stage.append(img);
    this.follow(img);
  }

  private follow(img: HTMLImageElement): void {
    if (img.complete) {
      this.settle(img, img.naturalWidth > 0);
      return;
    }
    img.addEventListener("load", () => this.settle(img, true), { once: true });
    img.addEventListener("error", () => this.settle(img, false), { once: true });
  }

  private settle(img: HTMLImageElement, loaded: boolean): void {
    this.state = loaded ? "loaded" : "failed";
    // A failed lazy photo leaves nothing behind but the placeholder that names it.
    if (!loaded && img.parentElement?.hasAttribute("data-lazy-image-stage")) img.remove();
  }
}

if (!customElements.get("lazy-image")) customElements.define("lazy-image", LazyImageElement);

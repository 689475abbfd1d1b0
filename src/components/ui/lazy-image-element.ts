import { LAZY_IMAGE_FAILED_TEMPLATE_ID, type LazyImageState } from "./lazy-image-contract";

/**
 * The behaviour of the lazy image (§4, §9) as a custom element, so it also starts for
 * boxes an island mounts later (a blog filter showing a card again). The markup comes
 * from lazy-image.tsx: a box with `data-state`, which CSS reads, and a stage whose
 * contents belong to this element.
 */

/** §9: load 50 px before the image enters the view, at a 0.1 visibility threshold. */
export const LAZY_IMAGE_ROOT_MARGIN = "50px";
export const LAZY_IMAGE_THRESHOLD = 0.1;

let nearView: IntersectionObserver | undefined;

function observeNearView(box: LazyImageElement): void {
  nearView ??= new IntersectionObserver(
    (entries, observer) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        (entry.target as LazyImageElement).load();
      }
    },
    { rootMargin: LAZY_IMAGE_ROOT_MARGIN, threshold: LAZY_IMAGE_THRESHOLD },
  );
  nearView.observe(box);
}

class LazyImageElement extends HTMLElement {
  private get stage(): HTMLElement | null {
    return this.querySelector(":scope > [data-lazy-image-stage]");
  }

  private set state(state: LazyImageState) {
    this.dataset.state = state;
  }

  connectedCallback(): void {
    const state = this.dataset.state as LazyImageState | undefined;
    if (state === "waiting") observeNearView(this);
    // A priority photo is in the server HTML, and may have finished before this ran.
    const img = this.stage?.querySelector("img");
    if (state === "loading" && img) this.follow(img);
  }

  disconnectedCallback(): void {
    nearView?.unobserve(this);
  }

  load(): void {
    const stage = this.stage;
    if (!stage || !this.dataset.img) return;
    const { src, ...attributes } = JSON.parse(this.dataset.img) as Record<string, string | number>;
    const img = document.createElement("img");
    for (const [name, value] of Object.entries(attributes)) img.setAttribute(name, String(value));
    // `src` last, once srcset and sizes are known, so the browser picks the right width.
    img.setAttribute("src", String(src));
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
    if (!loaded) {
      // Nothing is left of a failed photo but a placeholder that carries its alt text.
      const template = document.getElementById(LAZY_IMAGE_FAILED_TEMPLATE_ID);
      const face = template instanceof HTMLTemplateElement ? template.content.firstElementChild?.cloneNode(true) : undefined;
      if (face instanceof HTMLElement) face.setAttribute("aria-label", img.alt);
      img.replaceWith(...(face ? [face] : []));
    }
    this.state = loaded ? "loaded" : "failed";
  }
}

if (!customElements.get("lazy-image")) customElements.define("lazy-image", LazyImageElement);

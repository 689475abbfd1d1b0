import { ArrowRight, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ContentIcon } from "@/components/ui/content-icon";
import type { IconName, ServiceStatistic } from "@/content/types";
import { cn } from "@/lib/cn";
import { routes } from "@/lib/routes";

export interface ServiceFlipCardProps {
  slug: string;
  title: string;
  description: string;
  statistic: ServiceStatistic;
  icon: IconName;
}

/**
 * §4: a card that flips on click (0.4 s). Front: icon, title, two-line description,
 * "View details". Back: the §9 statistic, Learn More and Quick Contact.
 * Each face's button is stretched over the face, so a click anywhere flips it while
 * the heading stays a heading. Without scripts the card flips on focus instead
 * (see the no-js variant), so its links stay reachable.
 */
export function ServiceFlipCard({ slug, title, description, statistic, icon }: ServiceFlipCardProps) {
  const [flipped, setFlipped] = useState(false);
  const hydrated = useHydrated();
  const interacted = useRef(false);
  const frontButton = useRef<HTMLButtonElement>(null);
  const backFace = useRef<HTMLDivElement>(null);

  // Keep keyboard and screen-reader focus on the visible face after a flip.
  useEffect(() => {
    if (!interacted.current) return;
    if (flipped) backFace.current?.focus();
    else frontButton.current?.focus();
  }, [flipped]);

  const toggle = () => {
    interacted.current = true;
    setFlipped((value) => !value);
  };

  return (
    <div className="flip-scene h-64" data-flipped={flipped ? "true" : "false"} data-testid={`service-card-${slug}`}>
      <div className={cn("flip-inner relative size-full", flipped && "flipped", "no-js:focus-within:flipped")}>
        <div
          className="flip-face absolute inset-0 flex flex-col rounded-xl border border-border bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
          inert={hydrated && flipped}
        >
          <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <ContentIcon name={icon} />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 line-clamp-2 text-sm leading-6 text-slate-600">{description}</p>
          <button
            ref={frontButton}
            type="button"
            onClick={toggle}
            className="mt-auto inline-flex min-h-11 items-center gap-1 self-start rounded-md text-sm font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-xl"
          >
            View details<span className="sr-only"> of {title}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </button>
        </div>
        <div
          ref={backFace}
          role="group"
          aria-label={`${title} at a glance`}
          tabIndex={-1}
          className="flip-face flip-back absolute inset-0 flex flex-col items-center justify-center rounded-xl bg-brand-800 p-6 text-center text-white shadow-md"
          inert={hydrated && !flipped}
        >
          <p className="text-4xl font-bold tracking-tight">{statistic.value}</p>
          <p className="mt-1 text-sm font-medium text-brand-100">{statistic.label}</p>
          <div className="relative z-10 mt-5 flex flex-wrap justify-center gap-2">
            <a
              href={routes.service(slug)}
              className="inline-flex min-h-11 items-center rounded-md bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              Learn More<span className="sr-only"> about {title}</span>
            </a>
            <a
              href={routes.contact(slug)}
              className="inline-flex min-h-11 items-center rounded-md border border-white/70 px-4 text-sm font-semibold text-white hover:bg-white/10"
            >
              Quick Contact<span className="sr-only"> about {title}</span>
            </a>
          </div>
          <button
            type="button"
            onClick={toggle}
            className="mt-3 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-xs font-medium text-brand-100 after:absolute after:inset-0 after:rounded-xl hover:text-white no-js:hidden"
          >
            <RotateCcw aria-hidden="true" className="size-3.5" />
            Back<span className="sr-only"> to {title} summary</span>
          </button>
        </div>
      </div>
    </div>
  );
}

const noSubscription = () => () => undefined;

/** False in the server HTML and during hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

import { ArrowRight, RotateCcw } from "lucide-react";
import { ContentIcon } from "@/components/ui/content-icon";
import type { IconName, ServiceStatistic } from "@/content/types";
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
 *
 * The card's state is a native `<details>`: its `<summary>` is the one toggle, stretched
 * over the whole card, so a tap anywhere turns it the moment the HTML is on screen, with
 * no script to wait for, and assistive technology hears a button that is expanded or
 * collapsed. The faces are drawn beside it (styles in global.css: flip-card and the faces),
 * so their labels are hidden from assistive technology, which reads the summary's words.
 * The back face lets taps through to the summary except on its links.
 */
export function ServiceFlipCard({ slug, title, description, statistic, icon }: ServiceFlipCardProps) {
  return (
    <div className="flip-card group/card h-64" data-testid={`service-card-${slug}`}>
      <div className="flip-face flip-front flex flex-col rounded-xl border border-border bg-white p-6 shadow-sm group-hover/card:shadow-md">
        <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <ContentIcon name={icon} />
        </span>
        <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
        <p className="mt-2 line-clamp-2 text-sm leading-6 text-slate-600">{description}</p>
        <span aria-hidden="true" className="mt-auto inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-brand-700">
          View details
          <ArrowRight className="size-4" />
        </span>
      </div>
      <details className="group">
        <summary className="flip-toggle rounded-xl">
          <span className="sr-only group-open:hidden">View details of {title}</span>
          <span className="sr-only hidden group-open:inline">Back to {title} summary</span>
        </summary>
        <div
          role="group"
          aria-label={`${title} at a glance`}
          className="flip-face flip-back flex flex-col items-center justify-center rounded-xl bg-brand-800 p-6 text-center text-white shadow-md"
        >
          <p className="text-4xl font-bold tracking-tight">{statistic.value}</p>
          <p className="mt-1 text-sm font-medium text-brand-100">{statistic.label}</p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
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
          <span aria-hidden="true" className="mt-3 inline-flex min-h-11 items-center gap-1 px-2 text-xs font-medium text-brand-100">
            <RotateCcw className="size-3.5" />
            Back
          </span>
        </div>
      </details>
    </div>
  );
}

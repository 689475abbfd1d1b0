import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button-link";
import { defaultServiceStatistic, services } from "@/content/services";
import { routes } from "@/lib/routes";
import { SectionHeading } from "@/components/ui/section-heading";
import type { ServiceFlipCardProps } from "./service-flip-card";

/** The cards of the home grid, as plain data an island can take. */
export function serviceFlipCards(): ServiceFlipCardProps[] {
  return services.map((service) => ({
    slug: service.slug,
    title: service.title,
    description: service.description,
    statistic: service.statistic ?? defaultServiceStatistic,
    icon: service.icon,
  }));
}

/** The home services section; the grid (an island, ServiceFlipGrid) is passed in by the page. */
export function ServicesSection({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id={`${id}-title`}
          eyebrow="What we do"
          title="Connectivity and IT services, start to finish"
          intro="Tap a card to see what it delivers, then dig into the details or send us a quick note about it."
        />
        {children}
        <div className="mt-10 text-center">
          <ButtonLink href={routes.services} variant="outline" size="lg">
            View All Service Details
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

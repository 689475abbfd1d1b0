import { ButtonLink } from "@/components/ui/button-link";
import { defaultServiceStatistic, services } from "@/content/services";
import { routes } from "@/lib/routes";
import { SectionHeading } from "@/components/ui/section-heading";
import { ServiceFlipCard } from "./service-flip-card";

/** The home services section: a grid of flip cards, plain HTML that turns without scripts. */
export function ServicesSection({ id }: { id: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id={`${id}-title`}
          eyebrow="What we do"
          title="Connectivity and IT services, start to finish"
          intro="Tap a card to see what it delivers, then dig into the details or send us a quick note about it."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.slug}>
              <ServiceFlipCard
                slug={service.slug}
                title={service.title}
                description={service.description}
                statistic={service.statistic ?? defaultServiceStatistic}
                icon={service.icon}
              />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ButtonLink href={routes.services} variant="outline" size="lg">
            View All Service Details
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

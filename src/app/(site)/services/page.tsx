import { JsonLd } from "@/components/site/json-ld";
import { breadcrumbJsonLd } from "@/lib/structured-data";
import { services } from "@/content/services";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { ServiceCard } from "@/components/services/service-card";
import { ButtonLink } from "@/components/ui/button-link";
import { CtaBanner } from "@/components/ui/cta-banner";
import { PageHero } from "@/components/ui/page-hero";

export const metadata = buildMetadata({
  title: "Services",
  description:
    "Managed internet and failover, SD-WAN, VoIP phones, security cameras, network cabling, IT support, web design, event internet and Starlink installation.",
  path: routes.services,
  keywords: ["business internet", "SD-WAN", "VoIP", "security cameras", "network cabling", "IT support", "event internet"],
});

export default function ServicesPage() {
  return (
    <>
      <JsonLd data={breadcrumbJsonLd([{ name: "Services", path: routes.services }])} />
      <PageHero
        eyebrow="Services"
        title="Everything your business needs to stay connected"
        intro="One local team for the circuits, the wiring, the phones, the cameras and the support behind them."
      />
      <section aria-label="All services" className="container-page py-16">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.slug}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      </section>
      <CtaBanner title="Need a Custom Solution?" text="Most of our projects mix several services. Tell us about your site and we will design around it.">
        <ButtonLink href={routes.contact()} size="lg" className="bg-accent-400 text-brand-950 hover:bg-accent-500">
          Request a Consultation
        </ButtonLink>
      </CtaBanner>
    </>
  );
}

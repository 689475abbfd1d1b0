import type { Service } from "@/content/types";
import { ServiceCard } from "./service-card";

/** The /services grid (§3): every service as a card. */
export function ServiceGrid({ services }: { services: readonly Service[] }) {
  return (
    <section aria-label="All services" className="container-page py-16">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.slug}>
            <ServiceCard service={service} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { ArrowLeft, Check, FolderOpen } from "lucide-react";
import type { Service } from "@/content/types";
import { routes } from "@/lib/routes";
import { ButtonLink } from "@/components/ui/button-link";
import { ContentIcon } from "@/components/ui/content-icon";
import { LazyImage } from "@/components/ui/lazy-image";

/**
 * A service page (§3): title, description, Key Features (features plus extra features),
 * the photo, optional Additional Information and the three actions.
 */
export function ServiceDetail({ service }: { service: Service }) {
  const features = [...service.features, ...(service.extraFeatures ?? [])];
  return (
    <article>
      <header className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <div className="container-page py-12 sm:py-16">
          <ButtonLink href={routes.services} variant="link" className="px-0 text-brand-100 hover:text-white">
            <ArrowLeft aria-hidden="true" />
            Back to Services
          </ButtonLink>
          <div className="mt-4 flex items-center gap-3">
            <span className="inline-flex size-12 items-center justify-center rounded-lg bg-white/10 text-accent-400">
              <ContentIcon name={service.icon} />
            </span>
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{service.title}</h1>
          </div>
          <p className="mt-5 max-w-3xl text-lg leading-8 text-brand-100">{service.description}</p>
        </div>
      </header>
      <div className="container-page grid gap-12 py-14 lg:grid-cols-[1fr_26rem]">
        <div>
          <section aria-labelledby="features-title">
            <h2 id="features-title" className="text-2xl font-bold text-slate-900">
              Key Features
            </h2>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {features.map((feature) => (
                <li key={feature} className="flex gap-3 rounded-lg border border-border bg-white p-4 text-slate-700">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  {feature}
                </li>
              ))}
            </ul>
          </section>
          {service.details && (
            <section aria-labelledby="details-title" className="mt-12">
              <h2 id="details-title" className="text-2xl font-bold text-slate-900">
                Additional Information
              </h2>
              <div className="mt-4 max-w-prose space-y-4 leading-7 text-slate-700">
                {service.details.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          )}
          <div className="mt-12 flex flex-wrap gap-3">
            <ButtonLink href={routes.contact(service.slug)} size="lg">
              {service.ctaLabel}
            </ButtonLink>
            <ButtonLink href={routes.caseStudies} size="lg" variant="outline">
              <FolderOpen aria-hidden="true" />
              View Related Projects
            </ButtonLink>
          </div>
        </div>
        {service.image && (
          <LazyImage
            src={service.image.src}
            alt={service.image.alt}
            width={832}
            height={624}
            sizes="(min-width: 1024px) 26rem, 100vw"
            className="rounded-2xl lg:order-none"
            priority
          />
        )}
      </div>
    </article>
  );
}

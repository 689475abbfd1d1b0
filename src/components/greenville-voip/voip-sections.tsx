import { MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { voipCallToAction, voipFeatures, voipHero, voipServiceArea } from "@/content/greenville-voip";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { ButtonLink } from "@/components/ui/button-link";
import { Card } from "@/components/ui/card";
import { ContentIcon } from "@/components/ui/content-icon";

const assessmentHref = routes.contact("voip-phone-systems");
/** The assessment button's label is longer than a 320 px screen's line: it wraps there instead of overflowing. */
const assessmentButtonClass = "max-w-full whitespace-normal py-2 text-center bg-accent-400 text-brand-950 hover:bg-accent-500";

/** §3 Greenville VoIP, in page order: hero, features, service area, call to action, FAQ. */
export function VoipHero() {
  return (
    <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div className="container-page py-16 sm:py-24">
        <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{voipHero.eyebrow}</p>
        <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{voipHero.title}</h1>
        <p className="mt-5 max-w-3xl text-lg leading-8 text-brand-100">{voipHero.intro}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink href={assessmentHref} size="lg" className={assessmentButtonClass}>
            {voipCallToAction.buttonLabel}
          </ButtonLink>
          <ButtonLink href={site.phone.href} size="lg" variant="outline" className="border-white/70 bg-transparent text-white hover:bg-white/10">
            <Phone aria-hidden="true" />
            {site.phone.display}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

export function VoipFeatures() {
  return (
    <section aria-labelledby="voip-features-title" className="container-page py-16">
      <h2 id="voip-features-title" className="text-3xl font-bold tracking-tight text-slate-900">
        Everything your phones should do
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {voipFeatures.map((feature) => (
          <li key={feature.title}>
            <Card className="h-full p-6">
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <ContentIcon name={feature.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{feature.description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function VoipServiceArea() {
  return (
    <section aria-labelledby="voip-area-title" className="bg-slate-50 py-16">
      <div className="container-page flex flex-col gap-4 md:flex-row md:items-start">
        <MapPin aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <div>
          <h2 id="voip-area-title" className="text-2xl font-bold text-slate-900">
            Serving {site.voipCities.join(", ")} and the Upstate
          </h2>
          <p className="mt-3 max-w-3xl text-lg leading-8 text-slate-700">{voipServiceArea}</p>
          <p className="mt-2 text-slate-600">{site.founding.elsewhere}.</p>
        </div>
      </div>
    </section>
  );
}

export function VoipCallToAction() {
  return (
    <section aria-labelledby="voip-cta-title" className="container-page py-16">
      <div className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:px-12">
        <h2 id="voip-cta-title" className="text-2xl font-bold sm:text-3xl">
          {voipCallToAction.title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-brand-100">{voipCallToAction.text}</p>
        <ButtonLink href={assessmentHref} size="lg" className={`mt-6 ${assessmentButtonClass}`}>
          {voipCallToAction.buttonLabel}
        </ButtonLink>
        <p className="mt-4 text-sm text-brand-100">{voipCallToAction.note}</p>
      </div>
    </section>
  );
}

/** The FAQ section; the page passes in the accordion. */
export function VoipFaqSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="voip-faq-title" className="container-page max-w-4xl pb-20">
      <h2 id="voip-faq-title" className="text-3xl font-bold tracking-tight text-slate-900">
        Frequently Asked Questions
      </h2>
      <div className="mt-8">{children}</div>
    </section>
  );
}

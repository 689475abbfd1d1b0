import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { site } from "@/content/site";
import { routes } from "@/lib/routes";
import { ButtonLink } from "@/components/ui/button-link";

export function CallToActionSection() {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-800 py-16 text-white sm:py-20">
      <div className="container-page grid gap-10 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to get your business connected?
          </h2>
          <p className="mt-4 text-lg leading-8 text-brand-100">
            Tell us what you need. A {site.consultationMinutes}-minute, no-obligation consultation is usually enough to
            point you at the right fix, with local support and no hidden fees.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href={routes.contact("quote")} size="lg" className="bg-accent-400 text-brand-950 hover:bg-accent-500">
              Get a Free Quote
            </ButtonLink>
            <ButtonLink href={routes.book} size="lg" variant="outline" className="border-white/70 bg-transparent text-white hover:bg-white/10">
              Schedule a Consultation
            </ButtonLink>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          <li className="rounded-xl bg-white/10 p-5">
            <Phone aria-hidden="true" className="size-5 text-accent-400" />
            <p className="mt-2 text-sm text-brand-100">Call us</p>
            <a href={site.phone.href} className="inline-flex min-h-11 items-center font-semibold hover:underline">
              {site.phone.display}
            </a>
          </li>
          <li className="rounded-xl bg-white/10 p-5">
            <Mail aria-hidden="true" className="size-5 text-accent-400" />
            <p className="mt-2 text-sm text-brand-100">Email us</p>
            <a href={`mailto:${site.email}`} className="inline-flex min-h-11 items-center font-semibold break-all hover:underline">
              {site.email}
            </a>
          </li>
          <li className="rounded-xl bg-white/10 p-5">
            <Clock aria-hidden="true" className="size-5 text-accent-400" />
            <p className="mt-2 text-sm text-brand-100">Hours</p>
            <p className="font-semibold">{site.hours.callToAction}</p>
          </li>
          <li className="rounded-xl bg-white/10 p-5">
            <MapPin aria-hidden="true" className="size-5 text-accent-400" />
            <p className="mt-2 text-sm text-brand-100">Location</p>
            <p className="font-semibold">{site.regionName}</p>
          </li>
        </ul>
      </div>
    </section>
  );
}

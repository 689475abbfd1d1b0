import { ArrowRight } from "lucide-react";
import { industries } from "@/content/industries";
import { routes } from "@/lib/routes";
import { ContentIcon } from "@/components/ui/content-icon";
import { SectionHeading } from "@/components/ui/section-heading";

export function IndustriesSection() {
  return (
    <section aria-labelledby="industries-title" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="industries-title"
          eyebrow="Who we serve"
          title="Built for the way your industry works"
          intro="From festival grounds to dental chairs, each network is planned around the people and devices that depend on it."
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {industries.map((industry) => (
            <li key={industry.slug} className="rounded-xl border border-border bg-white p-5">
              <ContentIcon name={industry.icon} className="text-brand-700" />
              <h3 className="mt-3 font-semibold text-slate-900">{industry.name}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{industry.description}</p>
            </li>
          ))}
          <li className="flex flex-col justify-center rounded-xl bg-brand-800 p-5 text-white">
            <h3 className="font-semibold">Greenville business phones</h3>
            <p className="mt-1 text-sm leading-6 text-brand-100">Local VoIP with porting, setup and support from down the road.</p>
            <a href={routes.greenvilleVoip} className="mt-3 inline-flex min-h-11 items-center gap-1 text-sm font-semibold underline underline-offset-4">
              Greenville VoIP
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}

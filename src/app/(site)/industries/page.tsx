import { JsonLd } from "@/components/site/json-ld";
import { breadcrumbJsonLd } from "@/lib/structured-data";
import { Check } from "lucide-react";
import { industries } from "@/content/industries";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { ButtonLink } from "@/components/ui/button-link";
import { Card } from "@/components/ui/card";
import { ContentIcon } from "@/components/ui/content-icon";
import { CtaBanner } from "@/components/ui/cta-banner";
import { PageHero } from "@/components/ui/page-hero";

export const metadata = buildMetadata({
  title: "Industries We Serve",
  description:
    "Connectivity and IT for event organizers, broadcasters, dental and medical practices, retail, rural homes, camps and local government in SC, NC and GA.",
  path: routes.industries,
  keywords: ["event internet", "dental office IT", "retail POS network", "rural internet", "local government IT"],
});

export default function IndustriesPage() {
  return (
    <>
      <JsonLd data={breadcrumbJsonLd([{ name: "Industries", path: routes.industries }])} />
      <PageHero eyebrow="Industries" title="Industries We Serve" intro="Every industry leans on its network differently. These are the ones we know best." />
      <section aria-label="Industries" className="container-page py-16">
        <ul className="grid gap-6 lg:grid-cols-2">
          {industries.map((industry) => (
            <li key={industry.slug} id={industry.slug} className="scroll-mt-24">
              <Card className="h-full p-6">
                <div className="flex items-center gap-3">
                  <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <ContentIcon name={industry.icon} />
                  </span>
                  <h2 className="text-xl font-semibold text-slate-900">{industry.name}</h2>
                </div>
                <p className="mt-4 leading-7 text-slate-700">{industry.fullDescription ?? industry.description}</p>
                <h3 className="mt-5 text-sm font-semibold tracking-wide text-slate-900 uppercase">Common Solutions</h3>
                <ul className="mt-3 space-y-2 text-sm text-slate-700">
                  {industry.solutions.map((solution) => (
                    <li key={solution} className="flex gap-2">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                      {solution}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <CtaBanner title="Is Your Industry Not Listed?" text="If your work depends on a reliable connection, we can help. Tell us how your team works.">
        <ButtonLink href={routes.contact()} size="lg" className="bg-accent-400 text-brand-950 hover:bg-accent-500">
          Contact Us
        </ButtonLink>
      </CtaBanner>
    </>
  );
}

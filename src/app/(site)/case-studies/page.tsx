import { JsonLd } from "@/components/site/json-ld";
import { breadcrumbJsonLd } from "@/lib/structured-data";
import { caseStudies } from "@/content/case-studies";
import type { CaseStudy } from "@/content/types";
import { routes } from "@/lib/routes";
import { buildMetadata } from "@/lib/seo";
import { slugify } from "@/lib/slugify";
import { CaseStudyCard } from "@/components/case-studies/case-study-card";
import { ButtonLink } from "@/components/ui/button-link";
import { CtaBanner } from "@/components/ui/cta-banner";
import { PageHero } from "@/components/ui/page-hero";

export const metadata = buildMetadata({
  title: "Case Studies",
  description: "Event WiFi, rural connectivity, network infrastructure, web design and healthcare IT projects across the Carolinas and Georgia.",
  path: routes.caseStudies,
  keywords: ["event WiFi case study", "rural internet project", "network installation", "healthcare IT"],
});

function groupByCategory(items: readonly CaseStudy[]): [string, CaseStudy[]][] {
  const groups = new Map<string, CaseStudy[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups.entries()];
}

export default function CaseStudiesPage() {
  const groups = groupByCategory(caseStudies);
  return (
    <>
      <JsonLd data={breadcrumbJsonLd([{ name: "Case Studies", path: routes.caseStudies }])} />
      <PageHero eyebrow="Our Work" title="Case Studies" intro="Real projects, grouped by the kind of problem they solved." />
      <div className="container-page space-y-16 py-16">
        {groups.map(([category, items], groupIndex) => (
          <section key={category} aria-labelledby={`cat-${slugify(category)}`}>
            <h2 id={`cat-${slugify(category)}`} className="text-2xl font-bold text-slate-900">
              {category}
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((caseStudy, index) => (
                <li key={caseStudy.slug}>
                  {/* The first photo is in view on arrival, even on a phone: it loads with the page. */}
                  <CaseStudyCard caseStudy={caseStudy} priority={groupIndex === 0 && index === 0} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <CtaBanner title="Have a project like these?" text="Tell us about your site, your timeline and your people. We will tell you honestly what it takes.">
        <ButtonLink href={routes.contact("quote")} size="lg" className="bg-accent-400 text-brand-950 hover:bg-accent-500">
          Get a Free Quote
        </ButtonLink>
      </CtaBanner>
    </>
  );
}

import { caseStudies } from "@/content/case-studies";
import { routes } from "@/lib/routes";
import { CaseStudyCard } from "@/components/case-studies/case-study-card";
import { ButtonLink } from "@/components/ui/button-link";
import { SectionHeading } from "@/components/ui/section-heading";

/** §9: the home page shows three case studies. */
export const HOME_CASE_STUDY_COUNT = 3;

export function OurWorkSection() {
  return (
    <section aria-labelledby="our-work-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="our-work-title" eyebrow="Our Work" title="Recent projects" intro="A few of the networks we have planned, installed and supported." />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {caseStudies.slice(0, HOME_CASE_STUDY_COUNT).map((caseStudy) => (
            <li key={caseStudy.slug}>
              <CaseStudyCard caseStudy={caseStudy} />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ButtonLink href={routes.caseStudies} variant="outline" size="lg">
            View All Case Studies
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

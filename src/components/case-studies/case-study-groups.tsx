import type { CaseStudy } from "@/content/types";
import { slugify } from "@/lib/slugify";
import { CaseStudyCard } from "./case-study-card";

function groupByCategory(items: readonly CaseStudy[]): [string, CaseStudy[]][] {
  const groups = new Map<string, CaseStudy[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups.entries()];
}

/** /case-studies (§3): the projects under their category headings, in content order. */
export function CaseStudyGroups({ caseStudies }: { caseStudies: readonly CaseStudy[] }) {
  return (
    <div className="container-page space-y-16 py-16">
      {groupByCategory(caseStudies).map(([category, items], groupIndex) => (
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
  );
}

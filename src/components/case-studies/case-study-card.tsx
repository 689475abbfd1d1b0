import { Building2, MapPin } from "lucide-react";
import type { CaseStudy } from "@/content/types";
import { LazyImage } from "@/components/ui/lazy-image";
import { Card } from "@/components/ui/card";

export function CaseStudyCard({
  caseStudy,
  headingLevel = "h3",
  priority = false,
}: {
  caseStudy: CaseStudy;
  headingLevel?: "h2" | "h3";
  priority?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <Card className="flex h-full flex-col overflow-hidden" id={caseStudy.slug}>
      <LazyImage
        src={caseStudy.image.src}
        alt={caseStudy.image.alt}
        width={800}
        height={500}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        priority={priority}
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{caseStudy.category}</p>
        <Heading className="mt-2 text-lg font-semibold text-slate-900">{caseStudy.title}</Heading>
        <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{caseStudy.description}</p>
        <dl className="mt-4 grid gap-1 border-t border-border pt-4 text-sm">
          <div className="flex items-center gap-2">
            <dt className="flex items-center gap-2 font-medium text-slate-700">
              <Building2 aria-hidden="true" className="size-4 text-slate-500" />
              Client:
            </dt>
            <dd className="text-slate-600">{caseStudy.client}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="flex items-center gap-2 font-medium text-slate-700">
              <MapPin aria-hidden="true" className="size-4 text-slate-500" />
              Location:
            </dt>
            <dd className="text-slate-600">{caseStudy.location}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

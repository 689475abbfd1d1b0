import { Check } from "lucide-react";
import type { Industry } from "@/content/types";
import { Card } from "@/components/ui/card";
import { ContentIcon } from "@/components/ui/content-icon";

/** The /industries cards (§3); each card is a deep-link target (#slug) of the header's Industries menu. */
export function IndustryList({ industries }: { industries: readonly Industry[] }) {
  return (
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
  );
}

import { Gauge } from "lucide-react";
import { Card } from "@/components/ui/card";
import { type LeadQualification, qualificationLine } from "@/lib/lead-desk";

/** What the lead's latest survey promises: the score, the package to offer, and why. */
export function LeadQualificationCard({ qualification }: { qualification: LeadQualification }) {
  return (
    <Card className="grid gap-3 p-4 sm:p-6" data-testid="qualification">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Gauge aria-hidden="true" className="size-5 text-brand-700" />
        Survey qualification
      </h2>
      <dl className="grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <div>
          <dt className="text-sm text-slate-600">Score</dt>
          <dd className="text-3xl font-bold text-slate-900" data-testid="qualification-score">
            {qualification.score}
            <span className="text-base font-semibold text-slate-600"> / 100</span>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-slate-600">Suggested package</dt>
          <dd className="font-semibold text-slate-900 [overflow-wrap:anywhere]" data-testid="qualification-package">
            {qualification.package}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="qualification-reasons">
        <span className="font-semibold">Why: </span>
        {qualificationLine(qualification)}
      </p>
    </Card>
  );
}

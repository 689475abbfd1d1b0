import { Card } from "@/components/ui/card";
import type { Touch } from "@/lib/attribution/touch";
import type { LeadDetail } from "@/lib/lead-desk";
import { formatDateTime } from "./desk-time";

/**
 * Where a lead came from: the visit that first brought them and the latest one before
 * they wrote (docs/attribution.md), one under the other on a phone, side by side wider.
 */
export function LeadOrigin({ lead }: { lead: Pick<LeadDetail, "firstTouch" | "lastTouch"> }) {
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="lead-origin">
        <h2 id="lead-origin" className="mb-3 text-lg font-bold text-slate-900">
          Where from
        </h2>
        {lead.firstTouch || lead.lastTouch ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TouchFacts title="First visit" touch={lead.firstTouch} testId="first-touch" />
            <TouchFacts title="Latest visit" touch={lead.lastTouch} testId="last-touch" />
          </div>
        ) : (
          <p className="text-sm text-slate-700">Not known: this lead came before the site noted where visitors come from, or was added by hand.</p>
        )}
      </section>
    </Card>
  );
}

function TouchFacts({ title, touch, testId }: { title: string; touch: Touch | null; testId: string }) {
  const facts: [string, string | null][] = touch
    ? [
        ["Channel", touch.channel],
        ["Source / medium", touch.source || touch.medium ? `${touch.source ?? "(none)"} / ${touch.medium ?? "(none)"}` : null],
        ["Campaign", touch.campaign],
        ["Referrer", touch.referrer],
        ["Landing page", touch.landingPage],
        ["Click id", touch.clickId],
      ]
    : [];
  return (
    <div data-testid={testId} className="min-w-0">
      <h3 className="mb-1 text-sm font-semibold text-slate-900">{title}</h3>
      {touch ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {facts
            .filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== "")
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          <dt className="font-medium text-slate-600">Date</dt>
          <dd className="text-slate-900">
            <time dateTime={touch.at}>{formatDateTime(touch.at)}</time>
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">Not known.</p>
      )}
    </div>
  );
}

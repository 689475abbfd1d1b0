import { type ReactNode, useId } from "react";
import { Card } from "@/components/ui/card";

/** One titled part of the account page, as a labelled region. */
export function AccountSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

import { Mail } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { LeadDetail } from "@/lib/lead-desk";
import { ReplyDialog } from "./reply-dialog";

/** Reply by e-mail from a template: the button, or why there is none (no e-mail address on the lead). */
export function LeadReply({ lead }: { lead: LeadDetail }) {
  const [open, setOpen] = useState(false);
  const reasonId = `reply-reason-${lead.id}`;
  return (
    <section aria-labelledby="reply-heading" className="grid gap-3">
      <h2 id="reply-heading" className="text-lg font-bold text-slate-900">
        Reply by e-mail
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" disabled={!lead.email} aria-describedby={lead.email ? undefined : reasonId} onClick={() => setOpen(true)}>
          <Mail aria-hidden="true" />
          Reply
        </Button>
        {!lead.email && (
          <p id={reasonId} className="text-sm text-slate-700">
            This lead has no e-mail address.
          </p>
        )}
      </div>
      {lead.email && open && <ReplyDialog lead={lead} to={lead.email} onClose={() => setOpen(false)} />}
    </section>
  );
}

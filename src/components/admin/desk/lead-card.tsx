import { Mail, MessageSquare, Phone, ShieldAlert, ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import type { LeadDetail } from "@/lib/lead-desk";
import { dialable, durationInWords, lostReasonLabels } from "@/lib/lead-desk-labels";
import { toast, UNDO_DURATION_MS } from "@/lib/toast-store";
import { leadServiceLabel } from "@/lib/lead-services";
import { CallReturnSheet, useCallReturn } from "./call-return-sheet";
import { secondsSince } from "./desk-time";
import { LeadStatusBadge } from "./lead-status-badge";
import { LeadStatusMenu } from "./lead-status-menu";
import { undoPatch } from "./undo-patch";
import { afterSaved, useLeadMutations } from "./use-lead-mutations";
import { useNow } from "./use-now";

const contactButton = cn(buttonVariants({ variant: "default", size: "lg" }), "h-auto flex-col gap-1 px-2 py-3 text-sm");

/** The top of a lead, phone first: who, Call / Text / E-mail, the status, and how fast it was answered. */
export function LeadCard({ lead }: { lead: LeadDetail }) {
  const { update } = useLeadMutations(lead.id);
  const now = useNow();
  const callReturn = useCallReturn();
  const spam = lead.status === "spam";

  const setSpam = (toSpam: boolean) => {
    // The lead as it was, for Undo (10 s).
    const before = undoPatch(lead);
    afterSaved(update.mutateAsync({ status: toSpam ? "spam" : "new" }), () =>
      toast(
        toSpam
          ? {
              title: "Marked as spam",
              description: `${lead.name} is hidden from every list but the Spam filter.`,
              durationMs: UNDO_DURATION_MS,
              action: {
                label: "Undo",
                altText: `Undo: use Not spam on ${lead.name}`,
                onClick: () => afterSaved(update.mutateAsync(before), () => toast({ title: "Spam undone", description: `${lead.name} is back.` })),
              },
            }
          : { title: "Not spam", description: `${lead.name} is back as a new lead; held notifications are sent.` },
      ),
    );
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">{lead.name}</h1>
          {lead.business && lead.business !== lead.name && <p className="text-slate-700 [overflow-wrap:anywhere]">{lead.business}</p>}
        </div>
        <LeadStatusBadge status={lead.status} className="text-sm" />
      </div>

      <LeadWants lead={lead} />

      <div className="grid grid-cols-3 gap-2">
        {lead.phone ? (
          <a href={`tel:${dialable(lead.phone)}`} className={contactButton} onClick={callReturn.onDial}>
            <Phone aria-hidden="true" className="!size-5" />
            Call
          </a>
        ) : (
          <span />
        )}
        {lead.phone ? (
          <a href={`sms:${dialable(lead.phone)}`} className={contactButton}>
            <MessageSquare aria-hidden="true" className="!size-5" />
            Text
          </a>
        ) : (
          <span />
        )}
        {lead.email ? (
          <a href={`mailto:${lead.email}`} className={contactButton}>
            <Mail aria-hidden="true" className="!size-5" />
            E-mail
          </a>
        ) : (
          <span />
        )}
      </div>

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {lead.phone && (
          <>
            <dt className="font-medium text-slate-600">Phone</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{lead.phone}</dd>
          </>
        )}
        {lead.email && (
          <>
            <dt className="font-medium text-slate-600">E-mail</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{lead.email}</dd>
          </>
        )}
        <dt className="font-medium text-slate-600">Speed to lead</dt>
        <dd className="text-slate-900" data-testid="lead-speed">
          {lead.speedToLeadSeconds !== null
            ? `Answered in ${durationInWords(lead.speedToLeadSeconds)}`
            : `Not contacted yet, waiting ${durationInWords(secondsSince(lead.firstSubmittedAt, now))}`}
        </dd>
        {lead.status === "lost" && lead.lostReason && (
          <>
            <dt className="font-medium text-slate-600">Lost</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">
              {lostReasonLabels[lead.lostReason]}
              {lead.lostNote && `: ${lead.lostNote}`}
            </dd>
          </>
        )}
      </dl>

      <div className="flex flex-wrap gap-2">
        <LeadStatusMenu lead={lead} label="Change status" />
        {spam ? (
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => setSpam(false)}>
            <ShieldCheck aria-hidden="true" />
            Not spam
          </Button>
        ) : (
          <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => setSpam(true)}>
            <ShieldAlert aria-hidden="true" />
            Mark as spam
          </Button>
        )}
      </div>
      <CallReturnSheet leadId={lead.id} leadName={lead.name} open={callReturn.open} onOpenChange={callReturn.setOpen} />
    </Card>
  );
}

/** What the lead wants, before anything else: the service, what they last wrote (or their survey), the score and the channel. */
function LeadWants({ lead }: { lead: LeadDetail }) {
  return (
    <div className="grid gap-2" data-testid="lead-wants">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900" data-testid="lead-service">
          {leadServiceLabel(lead.service)}
        </span>
        {lead.score !== null && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900" data-testid="lead-card-score">
            Score {lead.score}
          </span>
        )}
        <span className="text-slate-700" data-testid="lead-channel">
          Channel: {lead.firstChannel}
        </span>
      </p>
      {lead.latestRequest && (
        <blockquote className="border-l-4 border-brand-200 pl-3 text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="lead-latest-request">
          {lead.latestRequest.text}
        </blockquote>
      )}
    </div>
  );
}

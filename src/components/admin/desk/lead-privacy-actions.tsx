import * as Dialog from "@radix-ui/react-dialog";
import { useMutation } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { adminApi, ApiError, apiRequest } from "@/lib/admin-api";
import type { LeadDetail } from "@/lib/lead-desk";
import { routes } from "@/lib/routes";
import { toast, toastOnNextPage } from "@/lib/toast-store";

const ERASE_FAILED = { title: "Error", description: "The person could not be erased. Please try again.", variant: "destructive" as const };

/**
 * The privacy page's promises on the lead (docs/privacy-controls.md): everything held
 * about the person as a JSON download, and "Erase this person" behind a confirmation
 * that says what goes; afterwards the lead list, with a toast saying it is done.
 */
export function LeadPrivacyActions({ lead }: { lead: Pick<LeadDetail, "id" | "name" | "submissionCount"> }) {
  const [open, setOpen] = useState(false);
  const erase = useMutation({
    mutationFn: () => apiRequest("DELETE", adminApi.lead(lead.id)),
    onSuccess: () => {
      toastOnNextPage({ title: "Person erased", description: `Lead #${lead.id} and everything about it are gone.` });
      window.location.assign(routes.adminLeads);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        toastOnNextPage({ title: "Already erased", description: `Lead #${lead.id} was no longer there.` });
        window.location.assign(routes.adminLeads);
        return;
      }
      setOpen(false);
      toast(ERASE_FAILED);
    },
  });

  return (
    <section aria-labelledby={`privacy-${lead.id}`} className="grid gap-3">
      <h2 id={`privacy-${lead.id}`} className="text-lg font-bold text-slate-900">
        Privacy
      </h2>
      <p className="text-sm text-slate-600">What the privacy page promises: a copy of everything we hold about this person, or erasing it for good.</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <a href={adminApi.leadExport(lead.id)} download={`lead-${lead.id}.json`} className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Export (JSON)
        </a>
        <Dialog.Root open={open} onOpenChange={(next) => !erase.isPending && setOpen(next)}>
          <Dialog.Trigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              Erase this person
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6">
              <Dialog.Title className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]">Erase {lead.name}?</Dialog.Title>
              <Dialog.Description asChild>
                <div className="mt-2 grid gap-2 text-sm text-slate-700">
                  <p>This removes, for good and at once:</p>
                  <ul className="list-disc pl-5">
                    <li>
                      the lead and {lead.submissionCount === 1 ? "its submission" : `its ${lead.submissionCount} submissions`}, also from the contact and survey inboxes
                    </li>
                    <li>its notes, calls, follow-ups and timeline</li>
                    <li>every e-mail about it still in the outbox, and its lines in hourly digests</li>
                  </ul>
                  <p>
                    The activity log keeps only that lead #{lead.id} was erased. Export it first if the person asked for a copy. E-mails already delivered to an inbox
                    are beyond reach.
                  </p>
                </div>
              </Dialog.Description>
              <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="outline" disabled={erase.isPending}>
                    Cancel
                  </Button>
                </Dialog.Close>
                <Button variant="destructive" disabled={erase.isPending} onClick={() => erase.mutate()}>
                  {erase.isPending ? "Erasing..." : "Erase for good"}
                </Button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </section>
  );
}

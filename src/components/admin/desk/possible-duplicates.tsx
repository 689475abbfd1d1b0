import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { adminApi, apiRequest } from "@/lib/admin-api";
import type { LeadDetail, PossibleDuplicate } from "@/lib/lead-desk";
import { routes } from "@/lib/routes";
import { toast } from "@/lib/toast-store";
import { isDeskQuery } from "./use-lead-mutations";

/**
 * Leads that may be this same person (issue 27): a shared phone number never joins two
 * people by itself, so the owner decides. Merge brings the other lead's submissions and
 * timeline here; "Not the same person" keeps them apart for good.
 */
export function PossibleDuplicates({ lead }: { lead: Pick<LeadDetail, "id" | "name" | "possibleDuplicates"> }) {
  if (lead.possibleDuplicates.length === 0) return null;
  return (
    <Card className="grid gap-3 border-amber-300 bg-amber-50 p-4 sm:p-6" data-testid="possible-duplicates">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Users aria-hidden="true" className="size-5 text-amber-700" />
        Possibly the same person
      </h2>
      <ul className="grid gap-3">
        {lead.possibleDuplicates.map((other) => (
          <DuplicateRow key={other.id} lead={lead} other={other} />
        ))}
      </ul>
    </Card>
  );
}

function DuplicateRow({ lead, other }: { lead: Pick<LeadDetail, "id" | "name">; other: PossibleDuplicate }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const settle = async (response: Response) => {
    queryClient.setQueryData([adminApi.lead(lead.id)], (await response.json()) as LeadDetail);
    await queryClient.invalidateQueries({ predicate: (query) => isDeskQuery(query.queryKey) });
  };
  const failed = (description: string) => toast({ title: "Error", description, variant: "destructive" });
  const merge = useMutation({
    mutationFn: async () => settle(await apiRequest("POST", adminApi.leadMerge(lead.id), { leadId: other.id })),
    onSuccess: () => {
      setConfirming(false);
      toast({ title: "Leads merged", description: `Lead #${other.id} is part of this lead now.` });
    },
    onError: () => failed("The leads could not be merged. Please try again."),
  });
  const keepApart = useMutation({
    mutationFn: async () => settle(await apiRequest("POST", adminApi.leadNotDuplicate(lead.id), { leadId: other.id })),
    onSuccess: () => toast({ title: "Kept apart", description: `Lead #${other.id} will not be suggested again.` }),
    onError: () => failed("That could not be saved. Please try again."),
  });
  const busy = merge.isPending || keepApart.isPending;

  return (
    <li className="grid gap-2 rounded-lg bg-white p-3 ring-1 ring-amber-200" data-testid="possible-duplicate">
      <p className="text-sm text-slate-700">
        <a href={routes.adminLead(other.id)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4 [overflow-wrap:anywhere]">
          {other.name} (lead #{other.id})
        </a>
        <span className="block">{other.reason}, a different e-mail address.</span>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Dialog.Root open={confirming} onOpenChange={(next) => !merge.isPending && setConfirming(next)}>
          <Dialog.Trigger asChild>
            <Button disabled={busy}>Merge</Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6">
              <Dialog.Title className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]">
                Merge {other.name} into {lead.name}?
              </Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-slate-700">
                One lead will hold both people&apos;s submissions, timelines, bookings and e-mails, with the newest contact details first. Lead #{other.id} will no
                longer exist on its own. Merge only when they are one person or one business.
              </Dialog.Description>
              <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="outline" disabled={merge.isPending}>
                    Cancel
                  </Button>
                </Dialog.Close>
                <Button disabled={merge.isPending} onClick={() => merge.mutate()}>
                  {merge.isPending ? "Merging..." : "Merge the leads"}
                </Button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <Button variant="outline" disabled={busy} onClick={() => keepApart.mutate()}>
          Not the same person
        </Button>
      </div>
    </li>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi, apiRequest } from "@/lib/admin-api";
import type { LeadDetail } from "@/lib/lead-desk";
import { toast } from "@/lib/toast-store";
import { sendOrQueue } from "../pwa/send-queue";
import type { LeadCall, LeadPatch } from "@/lib/validation/lead-desk-schemas";

/** Every list that shows leads (lists, board columns, Today) and the nav counts. */
export function isDeskQuery(key: readonly unknown[]): boolean {
  const path = String(key[0]);
  return path.startsWith(adminApi.leads) || path.startsWith(adminApi.today) || path === adminApi.agenda || path === adminApi.counts;
}

const failed = (description: string) => () => toast({ title: "Error", description, variant: "destructive" });
const savedOnThisPhone = (what: string) => toast({ title: "Saved on this phone", description: `No connection: the ${what} is sent when it returns.` });

/**
 * Runs `then` once `change` (a `mutateAsync`) is saved. Through the promise, not mutate's own
 * callbacks: a saved change refetches the lists first, which may drop the row or card that
 * asked (Done on Today, a move on the board), and React Query skips the callbacks of a caller
 * that is gone. A failure is told by the hook's onError.
 */
export function afterSaved(change: Promise<unknown>, then: () => void): void {
  change.then(then, () => undefined);
}

/**
 * The changes made to one lead: status, follow-up, calls, notes. Each keeps the lead's
 * own query up to date from the answer and refetches the lists, Today and the counts.
 */
export function useLeadMutations(leadId: number) {
  const queryClient = useQueryClient();
  const leadKey = [adminApi.lead(leadId)];

  const refreshAll = () =>
    queryClient.invalidateQueries({
      predicate: (query) => isDeskQuery(query.queryKey) || String(query.queryKey[0]) === adminApi.lead(leadId),
    });
  const keepLead = async (response: Response) => {
    queryClient.setQueryData(leadKey, (await response.json()) as LeadDetail);
  };

  const update = useMutation({
    mutationFn: async (patch: LeadPatch) => keepLead(await apiRequest("PATCH", adminApi.lead(leadId), patch)),
    onError: failed("The lead could not be changed. Please try again."),
    onSettled: refreshAll,
  });

  // A call or a note logged offline is queued (src/components/admin/pwa/send-queue.ts):
  // nothing to refetch then, and a refetch would only fail. `always`: TanStack Query would
  // otherwise hold the mutation itself while the browser says it is offline, and the queue
  // would never see it.
  const logCall = useMutation({
    networkMode: "always",
    mutationFn: async (call: LeadCall) => {
      const response = await sendOrQueue(adminApi.leadCalls(leadId), call);
      if (response) await keepLead(response);
      return response !== null;
    },
    onSuccess: (sent) => (sent ? toast({ title: "Call logged", description: "The call is on the lead's timeline." }) : savedOnThisPhone("call")),
    onError: failed("The call could not be logged. Please try again."),
    onSettled: (sent) => (sent === false ? undefined : refreshAll()),
  });

  const addNote = useMutation({
    networkMode: "always",
    mutationFn: async (text: string) => (await sendOrQueue(adminApi.leadNotes(leadId), { text })) !== null,
    onSuccess: (sent) => (sent ? undefined : savedOnThisPhone("note")),
    onError: failed("The note could not be saved. Please try again."),
    onSettled: (sent) => (sent === false ? undefined : refreshAll()),
  });

  const editNote = useMutation({
    mutationFn: ({ noteId, text }: { noteId: number; text: string }) => apiRequest("PATCH", adminApi.leadNote(leadId, noteId), { text }),
    onError: failed("The note could not be changed. Please try again."),
    onSettled: refreshAll,
  });

  const deleteNote = useMutation({
    mutationFn: (noteId: number) => apiRequest("DELETE", adminApi.leadNote(leadId, noteId)),
    onSuccess: () => toast({ title: "Note deleted", description: "The note was removed from the timeline." }),
    onError: failed("The note could not be deleted. Please try again."),
    onSettled: refreshAll,
  });

  return { update, logCall, addNote, editNote, deleteNote };
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi, apiRequest } from "@/lib/admin-api";
import type { LeadDetail } from "@/lib/lead-desk";
import { toast } from "@/lib/toast-store";
import type { LeadCall, LeadPatch } from "@/lib/validation/lead-desk-schemas";

/** Every list that shows leads (lists, board columns, Today) and the nav counts. */
export function isDeskQuery(key: readonly unknown[]): boolean {
  const path = String(key[0]);
  return path.startsWith(adminApi.leads) || path.startsWith(adminApi.today) || path === adminApi.agenda || path === adminApi.counts;
}

const failed = (description: string) => () => toast({ title: "Error", description, variant: "destructive" });

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

  const logCall = useMutation({
    mutationFn: async (call: LeadCall) => keepLead(await apiRequest("POST", adminApi.leadCalls(leadId), call)),
    onSuccess: () => toast({ title: "Call logged", description: "The call is on the lead's timeline." }),
    onError: failed("The call could not be logged. Please try again."),
    onSettled: refreshAll,
  });

  const addNote = useMutation({
    mutationFn: (text: string) => apiRequest("POST", adminApi.leadNotes(leadId), { text }),
    onError: failed("The note could not be saved. Please try again."),
    onSettled: refreshAll,
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

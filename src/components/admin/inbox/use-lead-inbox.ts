import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { adminApi, apiRequest } from "@/lib/admin-api";
import { toast } from "@/lib/toast-store";

type Message = { title: string; description: string };

/** What differs between the survey and the contact inbox. */
export interface LeadInboxConfig {
  listPath: string;
  viewPath: (id: number) => string;
  deletePath: (id: number) => string;
  confirmDelete: string;
  deleted: Message;
  deleteFailed: Message;
}

export type LeadItem = { id: number; viewed: boolean };

/**
 * The behaviour both inboxes share (§4, §7, §8): the list query, opening an item
 * (marked viewed once, and only if it was new), deleting after a browser
 * confirmation, and refetching the list and the nav counts after each change.
 */
export function useLeadInbox<T extends LeadItem>(config: LeadInboxConfig) {
  const queryClient = useQueryClient();
  const list = useQuery<T[]>({ queryKey: [config.listPath] });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // Ids already sent to the server, so reopening before the refetch lands sends nothing.
  const viewSent = useRef(new Set<number>());

  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [config.listPath] }),
      queryClient.invalidateQueries({ queryKey: [adminApi.counts] }),
    ]);

  const markViewed = useMutation({
    mutationFn: (id: number) => apiRequest("POST", config.viewPath(id)),
    onError: (_error, id) => viewSent.current.delete(id),
    onSettled: refetch,
  });

  const remove = useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", config.deletePath(id)),
    onSuccess: (_response, id) => {
      setSelectedId((current) => (current === id ? null : current));
      toast(config.deleted);
    },
    onError: () => toast({ ...config.deleteFailed, variant: "destructive" }),
    onSettled: refetch,
  });

  const open = (item: T) => {
    setSelectedId(item.id);
    if (item.viewed || viewSent.current.has(item.id)) return;
    viewSent.current.add(item.id);
    markViewed.mutate(item.id);
  };

  const requestDelete = (item: T) => {
    if (!window.confirm(config.confirmDelete)) return;
    remove.mutate(item.id);
  };

  return {
    list,
    selected: list.data?.find((item) => item.id === selectedId),
    open,
    close: () => setSelectedId(null),
    requestDelete,
    isDeleting: (item: T) => remove.isPending && remove.variables === item.id,
  };
}

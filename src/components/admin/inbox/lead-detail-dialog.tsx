import * as Dialog from "@radix-ui/react-dialog";
import { Trash2 } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * The frame both inbox dialogs share: the item's name as the dialog title, its
 * details, and Close plus a delete button. Radix traps focus, closes on Escape and
 * hands focus back to the View button that opened it. The whole dialog scrolls (not
 * just its body) so the scrolling box holds the buttons and stays keyboard-reachable.
 */
export function LeadDetailDialog({
  open,
  title,
  description,
  deleteLabel,
  deleting,
  onClose,
  onDelete,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  deleteLabel: string;
  deleting: boolean;
  onClose: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  // Without a Radix Trigger nothing hands focus back on close, so remember who opened it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white shadow-xl">
          <div className="border-b border-border px-5 pt-5 pb-4 sm:px-6">
            <Dialog.Title className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]">{title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          </div>
          <div className="grid gap-4 px-5 py-4 sm:px-6">{children}</div>
          <div className="flex flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            <Dialog.Close asChild>
              <Button variant="outline">Close</Button>
            </Dialog.Close>
            <Button variant="destructive" onClick={onDelete} disabled={deleting}>
              <Trash2 aria-hidden="true" />
              {deleteLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

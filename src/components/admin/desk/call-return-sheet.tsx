import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CallLogger } from "./call-logger";

/**
 * After a tap on Call the phone app takes over; when the owner comes back to the page
 * (visibilitychange), the sheet asks how the call went, with the two-tap call log.
 * `dialled` is what the Call link's click calls.
 */
export function useCallReturn() {
  const dialled = useRef(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== "visible" || !dialled.current) return;
      dialled.current = false;
      setOpen(true);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
  const onDial = useCallback(() => {
    dialled.current = true;
  }, []);
  return { open, setOpen, onDial };
}

export function CallReturnSheet({ leadId, leadName, open, onOpenChange }: { leadId: number; leadName: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          data-testid="call-return-sheet"
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6"
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-xl font-bold text-slate-900">How did the call go?</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-700 [overflow-wrap:anywhere]">Your call with {leadName}, logged in two taps.</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Not now">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <CallLogger leadId={leadId} heading={false} onLogged={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { CloudOff, WifiOff } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { isDeskQuery } from "../desk/use-lead-mutations";
import { sendQueuedChanges, subscribeToQueue, waitingCount } from "./send-queue";
import { useOnline } from "./use-online";

const noneOnTheServer = () => 0;

/**
 * Says when the phone is offline, and "Waiting to send (N)": the calls and notes logged offline on this phone. They go out on
 * every start of a desk page and whenever the connection returns; the desk then reloads what
 * they changed, and what could not load offline.
 */
export function WaitingToSend() {
  const queryClient = useQueryClient();
  const waiting = useSyncExternalStore(subscribeToQueue, waitingCount, noneOnTheServer);
  const online = useOnline();

  useEffect(() => {
    const send = async () => {
      if ((await sendQueuedChanges()) > 0) {
        await queryClient.invalidateQueries({ predicate: (query) => isDeskQuery(query.queryKey) });
      }
    };
    // Back online: what could not load offline loads now, once the queued changes are in.
    const reconnected = async () => {
      await send();
      await queryClient.refetchQueries({ predicate: (query) => query.state.status === "error" });
    };
    void send();
    addEventListener("online", reconnected);
    return () => removeEventListener("online", reconnected);
  }, [queryClient]);

  if (online && waiting === 0) return null;
  return (
    <p role="status" className="container-page mt-3 flex flex-wrap items-center gap-2 text-sm font-semibold text-amber-950">
      {!online && (
        <span className="flex items-center gap-1.5" data-testid="offline-notice">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" /> Offline: screens load when the connection returns.
        </span>
      )}
      {waiting > 0 && (
        <span className="flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 ring-1 ring-amber-300" data-testid="waiting-to-send">
          <CloudOff aria-hidden="true" className="size-4 shrink-0" /> Waiting to send ({waiting})
        </span>
      )}
    </p>
  );
}

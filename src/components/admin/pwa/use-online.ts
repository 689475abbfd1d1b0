import { useSyncExternalStore } from "react";

function subscribeToConnection(listener: () => void): () => void {
  addEventListener("online", listener);
  addEventListener("offline", listener);
  return () => {
    removeEventListener("online", listener);
    removeEventListener("offline", listener);
  };
}
const isOnline = () => navigator.onLine;
const onlineOnTheServer = () => true;

/** Whether the browser has a connection, kept current by its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToConnection, isOnline, onlineOnTheServer);
}

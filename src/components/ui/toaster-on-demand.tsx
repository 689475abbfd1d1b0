import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import { getToasts, subscribeToasts } from "@/lib/toast-store";

/**
 * The §9 toaster of the public forms, fetched only when there is something to say: the
 * first toast loads it (Radix's toast and its live region), and it stays from then on.
 * A form page then carries no toast code before a submission (issue 32). A plain import
 * and a state update rather than React.lazy: Suspense would hold the first toast back
 * behind its own reveal timer.
 */
export function ToasterOnDemand() {
  const hasToast = useSyncExternalStore(
    subscribeToasts,
    () => getToasts().length > 0,
    () => false,
  );
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hasToast || Toaster) return;
    let cancelled = false;
    void import("./toaster").then((module) => {
      if (!cancelled) setToaster(() => module.Toaster);
    });
    return () => {
      cancelled = true;
    };
  }, [hasToast, Toaster]);
  return Toaster ? <Toaster /> : null;
}

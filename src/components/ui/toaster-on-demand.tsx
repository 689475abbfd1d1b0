import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { getToasts, subscribeToasts } from "@/lib/toast-store";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/**
 * The §9 toaster of the public forms, fetched only when there is something to say: the
 * first toast loads it (Radix's toast and its live region), and it stays from then on.
 * A form page then carries no toast code before a submission (issue 32).
 */
export function ToasterOnDemand() {
  const hasToast = useSyncExternalStore(
    subscribeToasts,
    () => getToasts().length > 0,
    () => false,
  );
  const [needed, setNeeded] = useState(false);
  if (hasToast && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

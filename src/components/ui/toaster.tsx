import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/cn";
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION_MS, type ToastData } from "@/lib/toast-store";

const noToasts: readonly ToastData[] = [];

/**
 * §9 toasts: default duration 5000 ms, swipe right to dismiss past 50 px, the F8
 * hotkey focuses the viewport, at most 420 px wide from medium screens up.
 * Radix announces each toast through a live region.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, () => noToasts);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === "destructive" ? "foreground" : "background"}
          duration={item.durationMs}
          data-variant={item.variant ?? "default"}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
            "data-[state=open]:animate-fade-in data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
            item.variant === "destructive" ? "border-red-800 bg-destructive text-white" : "border-border bg-white text-slate-900",
          )}
        >
          <div className="grid gap-1">
            {item.title && <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>}
            {item.description && (
              <ToastPrimitive.Description className={cn("text-sm", item.variant === "destructive" ? "text-red-50" : "text-slate-600")}>
                {item.description}
              </ToastPrimitive.Description>
            )}
            {item.action && (
              <ToastPrimitive.Action
                altText={item.action.altText}
                onClick={item.action.onClick}
                className="mt-1 inline-flex min-h-11 min-w-11 items-center justify-center justify-self-start rounded-md border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                {item.action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          {/* A 44 px target for the thumb (issue 29); the icon stays where it was. */}
          <ToastPrimitive.Close
            aria-label="Close notification"
            className={cn(
              "absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-md",
              item.variant === "destructive" ? "text-red-50 hover:bg-red-800" : "text-slate-500 hover:bg-muted hover:text-slate-900",
            )}
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}

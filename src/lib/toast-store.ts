/**
 * The notification store of §4: one toast visible at a time; toasts can be added,
 * updated, dismissed or removed; a dismissed toast is removed after 1,000,000 ms
 * (long enough for its exit animation and for screen readers to finish).
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
/** A status move or "Mark as spam" can be undone this long. */
export const UNDO_DURATION_MS = 10_000;

export type ToastVariant = "default" | "destructive";

/** A button in the toast, e.g. Undo; `altText` tells screen-reader users how else to do it. */
export type ToastAction = { label: string; altText: string; onClick: () => void };

export interface ToastData {
  id: string;
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** How long it stays, when not TOAST_DURATION_MS (an Undo offer stays 10 s). */
  durationMs?: number;
  open: boolean;
}

export type ToastInput = Omit<ToastData, "id" | "open">;

type Listener = (toasts: readonly ToastData[]) => void;

let toasts: readonly ToastData[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: readonly ToastData[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastData[] {
  return toasts;
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      removeToast(id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function addToast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function updateToast(id: string, patch: Partial<ToastInput>): void {
  emit(toasts.map((toast) => (toast.id === id ? { ...toast, ...patch } : toast)));
}

/** Closes one toast, or all of them when no id is given; removal follows later. */
export function dismissToast(id?: string): void {
  for (const toast of toasts) if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
  emit(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
}

export function removeToast(id?: string): void {
  emit(id === undefined ? [] : toasts.filter((toast) => toast.id !== id));
}

/** Shows a toast and returns handles to change or close it. */
export function toast(input: ToastInput) {
  const id = addToast(input);
  return {
    id,
    update: (patch: Partial<ToastInput>) => updateToast(id, patch),
    dismiss: () => dismissToast(id),
  };
}

const NEXT_PAGE_TOAST_KEY = "admin:toast-on-next-page";

/** Shows a toast on the next page this tab loads (e.g. after signing in moves to the inbox). */
export function toastOnNextPage(input: ToastInput): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify(input));
  } catch {
    // Storage refused (private mode, quota): the move still happens, without the message.
  }
}

/** Shows the toast the previous page handed over with `toastOnNextPage`, once. */
export function showToastFromPreviousPage(): void {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
    sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY);
  } catch {
    return;
  }
  if (!stored) return;
  try {
    const { title, description, variant } = JSON.parse(stored) as ToastInput;
    toast({ title, description, variant });
  } catch {
    // Not ours to read: ignore it.
  }
}

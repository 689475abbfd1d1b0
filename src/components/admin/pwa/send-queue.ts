import { ApiError, apiRequest } from "@/lib/admin-api";

/*
 * The desk's send queue (docs/lead-desk.md, "Offline"): a call or a note logged while the
 * phone has no connection is kept in this browser's storage and sent when the connection
 * returns, also after a reload. Each carries an idempotency key (`clientKey`) made when it is
 * logged: a change sent twice (two tabs, an answer lost on the way back) is stored once.
 */

type QueuedChange = { key: string; url: string; body: Record<string, unknown> };

/** Raise when the stored shape changes. */
const STORAGE_KEY = "desk-send-queue-v1";
const listeners = new Set<() => void>();

function readQueue(): QueuedChange[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(stored) ? (stored as QueuedChange[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: readonly QueuedChange[]): void {
  if (queue.length === 0) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(queue));
  for (const listener of listeners) listener();
}

/** 32 hex digits from the browser's random source (randomUUID needs a secure context; this does not). */
function newClientKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** fetch rejects (a TypeError) only when no answer came at all: the phone is offline. */
function isNoConnection(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * POSTs a call or a note with a fresh idempotency key. Offline, it is queued instead: the
 * answer is null, and the change goes out when the connection returns.
 */
export async function sendOrQueue(url: string, body: Record<string, unknown>): Promise<Response | null> {
  const key = newClientKey();
  const change: QueuedChange = { key, url, body: { ...body, clientKey: key } };
  try {
    return await apiRequest("POST", url, change.body);
  } catch (error) {
    if (!isNoConnection(error)) throw error;
    writeQueue([...readQueue(), change]);
    return null;
  }
}

/** An answer that says the change will never be taken as it is: dropped rather than retried for ever (a lead erased meanwhile is 404). */
function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

let sending: Promise<number> | null = null;

/**
 * Sends the queued changes in the order they were logged, one at a time, and stops at the
 * first that cannot go (still offline, signed out, the server busy) to try again later.
 * Resolves with how many left the queue. One run at a time in this tab.
 */
export function sendQueuedChanges(): Promise<number> {
  sending ??= (async () => {
    let done = 0;
    try {
      for (const change of readQueue()) {
        try {
          await apiRequest("POST", change.url, change.body);
        } catch (error) {
          if (!(error instanceof ApiError && isFinalRefusal(error.status))) break;
        }
        writeQueue(readQueue().filter((queued) => queued.key !== change.key));
        done += 1;
      }
    } finally {
      sending = null;
    }
    return done;
  })();
  return sending;
}

/** How many changes are waiting: for useSyncExternalStore, kept current across this browser's tabs. */
export function waitingCount(): number {
  return readQueue().length;
}

export function subscribeToQueue(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  addEventListener("storage", fromOtherTab);
  return () => {
    listeners.delete(listener);
    removeEventListener("storage", fromOtherTab);
  };
}

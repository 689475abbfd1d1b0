import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { routes } from "@/lib/routes";

/** The desk's keys on a desktop, as the "?" list shows them. */
export const DESK_KEYS = [
  { keys: ["/"], does: "Search the leads" },
  { keys: ["g", "t"], does: "Open Today" },
  { keys: ["g", "l"], does: "Open Leads" },
  { keys: ["j"], does: "Next lead in the list" },
  { keys: ["k"], does: "Previous lead in the list" },
  { keys: ["c"], does: "Log a call (on a lead)" },
  { keys: ["?"], does: "Show these keys" },
] as const;

/** The lead search's field (lead-filters.tsx); "/" elsewhere opens the list with it focused. */
export const LEAD_SEARCH_ID = "lead-search";
/** Spread on a lead in a list (the list, Today, the board): j and k move between them. */
export const DESK_ITEM = { "data-desk-item": "" } as const;
/** Spread on the call log's choices on a lead (call-logger.tsx): c goes to the first. */
export const CALL_LOG = { "data-desk-call": "" } as const;
const DESK_ITEM_SELECTOR = "[data-desk-item]";
const CALL_LOG_SELECTOR = "[data-desk-call] button";

/** A second key this long after "g" still completes it. */
const CHORD_MS = 1500;

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Focuses the lead `step` away from the one holding focus (the first when none does). */
function moveInList(step: 1 | -1): void {
  const items = [...document.querySelectorAll<HTMLElement>(DESK_ITEM_SELECTOR)];
  if (items.length === 0) return;
  const current = items.findIndex((item) => item.contains(document.activeElement));
  const next = current === -1 ? 0 : Math.min(items.length - 1, Math.max(0, current + step));
  const link = items[next]!.querySelector<HTMLElement>("a[href]") ?? items[next]!;
  link.focus();
  link.scrollIntoView({ block: "nearest" });
}

/**
 * Keys for the owner at a desk (issue 29): only when no field has the focus and no
 * modifier is held, so typing and the browser's own shortcuts are never taken.
 */
export function DeskKeys() {
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    // Arrived from "/" on another page: the search is ready for typing.
    if (location.hash === `#${LEAD_SEARCH_ID}`) document.getElementById(LEAD_SEARCH_ID)?.focus();
    let chordStarted = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      const chord = Date.now() - chordStarted < CHORD_MS;
      chordStarted = 0;
      const act = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (chord && event.key === "t") return act(() => location.assign(routes.adminToday));
      if (chord && event.key === "l") return act(() => location.assign(routes.adminLeads));
      switch (event.key) {
        case "g":
          chordStarted = Date.now();
          return;
        case "/":
          return act(() => {
            const search = document.getElementById(LEAD_SEARCH_ID);
            if (search) search.focus();
            else location.assign(`${routes.adminLeads}#${LEAD_SEARCH_ID}`);
          });
        case "j":
          return act(() => moveInList(1));
        case "k":
          return act(() => moveInList(-1));
        case "c": {
          const call = document.querySelector<HTMLElement>(CALL_LOG_SELECTOR);
          if (call) act(() => {
            call.scrollIntoView({ block: "center" });
            call.focus();
          });
          return;
        }
        case "?":
          return act(() => setHelpOpen(true));
      }
    };
    window.addEventListener("keydown", onKey);
    // Says the keys are live (a test waits for it, as a quick owner would not notice).
    document.documentElement.dataset.deskKeys = "on";
    return () => {
      window.removeEventListener("keydown", onKey);
      delete document.documentElement.dataset.deskKeys;
    };
  }, []);

  return (
    <Dialog.Root open={helpOpen} onOpenChange={setHelpOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-xl sm:p-6">
          <Dialog.Title className="text-xl font-bold text-slate-900">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">When no field is being typed in.</Dialog.Description>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {DESK_KEYS.map((entry) => (
              <div key={entry.does} className="contents">
                <dt className="flex gap-1">
                  {entry.keys.map((key) => (
                    <kbd key={key} className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-slate-900">
                      {key}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-slate-700">{entry.does}</dd>
              </div>
            ))}
          </dl>
          <Dialog.Close asChild>
            <Button variant="outline" className="mt-5 w-full">
              Close
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { useSyncExternalStore } from "react";

/**
 * The query string of /admin/leads, as the screen's state: the filters live in the
 * address, so Back, Forward and a bookmark show the same list. Changing them pushes a
 * history entry without reloading the page.
 */
const CHANGE = "admin:address-search";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

export function useAddressSearch(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, () => window.location.search, () => "");
  return new URLSearchParams(search);
}

/** Shows the list for these parameters: a new history entry, the same page. */
export function pushAddressSearch(params: URLSearchParams): void {
  const search = params.toString();
  const target = `${window.location.pathname}${search ? `?${search}` : ""}`;
  if (target === `${window.location.pathname}${window.location.search}`) return;
  window.history.pushState(null, "", target);
  window.dispatchEvent(new Event(CHANGE));
}

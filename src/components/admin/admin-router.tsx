import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext, useSyncExternalStore } from "react";
import { adminPageAt } from "./admin-pages";

/**
 * The back office's own router, over the History API: moving between its screens keeps
 * the island (and its query cache, so the §4 auth check is not repeated); any other
 * path loads as a page.
 */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("popstate", onChange);
  };
}

/** The path in the address bar; on the server, the path being rendered. */
export function useLocationPath(serverPath: string): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname, () => serverPath);
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (adminPageAt(path) === undefined) {
    window.location.assign(path);
    return;
  }
  if (path === window.location.pathname) return;
  if (options.replace) window.history.replaceState(null, "", path);
  else window.history.pushState(null, "", path);
  window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

const AdminPathContext = createContext("");

/** Provides the current path to the screens (within the one admin island). */
export const AdminPathProvider = AdminPathContext.Provider;

export function useAdminPath(): string {
  return useContext(AdminPathContext);
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A link to a back-office screen: a real link (new tab, no script), followed in place on a plain click. */
export function AdminLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || adminPageAt(href) === undefined) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}

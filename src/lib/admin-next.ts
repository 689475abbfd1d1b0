import { routes } from "./routes";

/** Any origin: only used to resolve a path, never fetched. */
const BASE = "http://desk.invalid";

/**
 * Where sign-in goes after `?next=`: a back-office path of this site (`/admin` or below it,
 * the login and setup pages aside), with its query and hash; null for anything else (another
 * origin, `//host`, a backslash trick, a public page), which then lands where the spec says.
 */
export function safeAdminNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname;
  if (path !== routes.adminToday && !path.startsWith(`${routes.adminToday}/`)) return null;
  if (path === routes.adminLogin || path.startsWith(routes.adminSetup)) return null;
  return `${path}${url.search}${url.hash}`;
}

/**
 * The login page, remembering the back-office page that asked for it. The survey inbox is
 * where sign-in lands anyway (the spec), so it needs no `next`.
 */
export function loginFor(path: string): string {
  const next = safeAdminNext(path);
  return next === null || next === routes.adminSurveys ? routes.adminLogin : `${routes.adminLogin}?next=${encodeURIComponent(next)}`;
}

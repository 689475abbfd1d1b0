import type { ContactRequest, SurveySubmission } from "@/lib/inbox-records";

/**
 * The admin API as a client sees it, for specs that drive a real server process.
 */
export const SESSION_COOKIE = "sr_admin_session";
/** Its name over HTTPS (directly, or when a proxy says so in X-Forwarded-Proto). */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * The session cookie's name on a plain-HTTP request with these headers, as the server
 * decides it (src/server/http/cookies.ts): the first X-Forwarded-Proto entry, if any.
 */
export function sessionCookieNameFor(headers: Record<string, string>): string {
  const forwarded = Object.entries(headers).find(([name]) => name.toLowerCase() === "x-forwarded-proto")?.[1];
  return forwarded?.split(",")[0]?.trim() === "https" ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export interface AdminCredentials {
  username: string;
  password: string;
}

/** Logs in and returns `sr_admin_session=…`, ready for a Cookie header. */
export async function logInAdmin(baseUrl: string, credentials: AdminCredentials, address = "192.0.2.200"): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error("login answered 200 without a session cookie");
  return cookie.split(";")[0]!;
}

/** GET an admin JSON endpoint with a session; throws unless it answers 200. */
export async function getAdminJson<T>(baseUrl: string, path: string, cookie: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A contact request as the admin list sends it: the same type the back office reads. */
export type ListedContact = ContactRequest;

/** A survey as the admin list sends it: the same type the back office reads. */
export type ListedSurvey = SurveySubmission;

export const listContacts = (baseUrl: string, cookie: string) => getAdminJson<ListedContact[]>(baseUrl, "/api/admin/contacts", cookie);
export const listSurveys = (baseUrl: string, cookie: string) => getAdminJson<ListedSurvey[]>(baseUrl, "/api/admin/surveys", cookie);

import { QueryClient, type QueryFunction } from "@tanstack/react-query";

/** The admin endpoints of §7, spelled once for the client. */
export const adminApi = {
  login: "/api/admin/login",
  logout: "/api/admin/logout",
  checkAuth: "/api/admin/check-auth",
  counts: "/api/admin/counts",
  surveys: "/api/admin/surveys",
  survey: (id: number) => `/api/admin/surveys/${id}`,
  surveyView: (id: number) => `/api/admin/surveys/${id}/view`,
  surveysCsv: "/api/admin/surveys.csv",
  contacts: "/api/admin/contacts",
  contact: (id: number) => `/api/admin/contacts/${id}`,
  contactView: (id: number) => `/api/admin/contacts/${id}/view`,
  contactsCsv: "/api/admin/contacts.csv",
  accountPassword: "/api/admin/account/password",
  accountSessions: "/api/admin/account/sessions",
  accountSession: (id: string) => `/api/admin/account/sessions/${encodeURIComponent(id)}`,
  today: "/api/admin/today",
  todayGroup: (group: string, page: number) => `/api/admin/today/${group}?page=${page}`,
  todayQuotes: "/api/admin/today/quotes",
  agenda: "/api/admin/agenda",
  leads: "/api/admin/leads",
  leadsWhere: (search: string) => (search ? `/api/admin/leads?${search}` : "/api/admin/leads"),
  lead: (id: number) => `/api/admin/leads/${id}`,
  leadView: (id: number) => `/api/admin/leads/${id}/view`,
  leadNotes: (id: number) => `/api/admin/leads/${id}/notes`,
  leadNote: (id: number, noteId: number) => `/api/admin/leads/${id}/notes/${noteId}`,
  leadCalls: (id: number) => `/api/admin/leads/${id}/calls`,
  leadMerge: (id: number) => `/api/admin/leads/${id}/merge`,
  leadNotDuplicate: (id: number) => `/api/admin/leads/${id}/not-duplicate`,
  leadReplies: (id: number) => `/api/admin/leads/${id}/replies`,
  replyTemplates: "/api/admin/reply-templates",
  replyTemplate: (id: number) => `/api/admin/reply-templates/${id}`,
  leadExport: (id: number) => `/api/admin/leads/${id}/export`,
  accountAudit: (page: number) => `/api/admin/account/audit?page=${page}`,
  setup: "/api/admin/setup",
  setupCheck: "/api/admin/setup/check",
  loginSecondFactor: "/api/admin/login/second-factor",
  twoFactor: "/api/admin/account/two-factor",
  twoFactorSetup: "/api/admin/account/two-factor/setup",
  twoFactorEnable: "/api/admin/account/two-factor/enable",
  twoFactorDisable: "/api/admin/account/two-factor/disable",
  bookings: (from: string, to: string) => `/api/admin/bookings?from=${from}&to=${to}`,
  booking: (id: number) => `/api/admin/bookings/${id}`,
  quoteCatalog: "/api/admin/quote-catalog",
  leadQuotes: (id: number) => `/api/admin/leads/${id}/quotes`,
  leadQuoteDraft: (id: number) => `/api/admin/leads/${id}/quote-draft`,
  quote: (id: number) => `/api/admin/quotes/${id}`,
  quoteSend: (id: number) => `/api/admin/quotes/${id}/send`,
  quoteRevise: (id: number) => `/api/admin/quotes/${id}/revise`,
  quoteAcceptByPhone: (id: number) => `/api/admin/quotes/${id}/accept-by-phone`,
  quotePdf: (id: number) => `/api/admin/quotes/${id}/pdf`,
  quoteSettings: "/api/admin/quote-settings",
  availability: "/api/admin/availability",
  calendarFeed: "/api/admin/calendar-feed",
  calendarFeedRegenerate: "/api/admin/calendar-feed/regenerate",
  pushKey: "/api/admin/push/key",
  pushSubscriptions: "/api/admin/push/subscriptions",
  pushSubscription: (id: number) => `/api/admin/push/subscriptions/${id}`,
} as const;

/** A non-ok answer; the message is "status: body text" as §8 describes. */
export class ApiError extends Error {
  readonly status: number;
  /** The answer's text, e.g. the JSON `{ error, fields? }` of the API. */
  readonly body: string;
  /** From `Retry-After` (429, 503), when the server sent one in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: string, retryAfterSeconds?: number) {
    super(`${status}: ${body}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The API's JSON error body, or null when the answer was something else. */
  json(): { error?: string; fields?: Record<string, string>; state?: string } | null {
    try {
      const value: unknown = JSON.parse(this.body);
      return typeof value === "object" && value !== null ? value : null;
    } catch {
      return null;
    }
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => "")) || response.statusText;
  const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
  throw new ApiError(response.status, text, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined);
}

/** For mutations: sends cookies, JSON when there is a body, and throws on any non-ok answer. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

export type UnauthorizedBehavior = "throw" | "returnNull";

/** GETs the first element of the query key as JSON; a 401 throws, or gives null when asked to. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(String(queryKey[0]), { credentials: "include", signal });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** §7 shared request behaviour: data never goes stale, no focus refetch, no polling, no retries. */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

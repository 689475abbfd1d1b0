import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, adminApi, apiRequest, createAdminQueryClient, getQueryFn } from "@/lib/admin-api";

/** The client helpers of §7 against a stubbed `fetch`: these tests are about the helper, not the server. */
type FetchCall = { url: string; init: RequestInit };
let calls: FetchCall[];
let nextResponse: () => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  nextResponse = () => Response.json({ ok: true });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
      calls.push({ url: String(url), init });
      return nextResponse();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function queryContext(key: readonly unknown[]) {
  return { queryKey: key, signal: new AbortController().signal, meta: undefined, client: new QueryClient() } as unknown as Parameters<
    ReturnType<typeof getQueryFn>
  >[0];
}

describe("getQueryFn", () => {
  it("GETs the first element of the query key with cookies and returns the parsed JSON", async () => {
    nextResponse = () => Response.json([{ id: 1, businessName: "Blue Heron Dental" }]);
    const data = await getQueryFn({ on401: "throw" })(queryContext([adminApi.surveys, "ignored"]));
    expect(data).toEqual([{ id: 1, businessName: "Blue Heron Dental" }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("/api/admin/surveys");
    expect(calls[0]?.init.credentials).toBe("include");
    expect(calls[0]?.init.method ?? "GET").toBe("GET");
  });

  it("throws on 401 by default, with the status and the body text as the message", async () => {
    nextResponse = () => new Response('{"error":"Authentication required."}', { status: 401, statusText: "Unauthorized" });
    const failure = getQueryFn({ on401: "throw" })(queryContext([adminApi.checkAuth]));
    await expect(failure).rejects.toThrow('401: {"error":"Authentication required."}');
    await expect(failure).rejects.toBeInstanceOf(Error);
  });

  it("returns null on 401 when configured to", async () => {
    nextResponse = () => new Response("", { status: 401 });
    await expect(getQueryFn({ on401: "returnNull" })(queryContext([adminApi.checkAuth]))).resolves.toBeNull();
  });

  it("still throws on other failures when configured to return null for 401", async () => {
    nextResponse = () => new Response("boom", { status: 500 });
    await expect(getQueryFn({ on401: "returnNull" })(queryContext([adminApi.surveys]))).rejects.toThrow("500: boom");
  });

  it("uses the status text when the error body is empty", async () => {
    nextResponse = () => new Response(null, { status: 503, statusText: "Service Unavailable" });
    const error = await Promise.resolve(getQueryFn({ on401: "throw" })(queryContext([adminApi.surveys]))).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("503: Service Unavailable");
    expect((error as ApiError).status).toBe(503);
  });

  it("keeps Retry-After in seconds and the JSON error message, for the login's wait message", async () => {
    nextResponse = () => Response.json({ error: "Too many requests. Please try again later." }, { status: 429, headers: { "Retry-After": "120" } });
    const error = await apiRequest("POST", adminApi.login, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterSeconds).toBe(120);
    expect((error as ApiError).json()?.error).toBe("Too many requests. Please try again later.");

    nextResponse = () => new Response("not json", { status: 400 });
    const plain = (await apiRequest("POST", adminApi.login, {}).catch((caught: unknown) => caught)) as ApiError;
    expect(plain.retryAfterSeconds).toBeUndefined();
    expect(plain.json()).toBeNull();
  });
});

describe("apiRequest", () => {
  it("sends a JSON body with cookies and returns the response", async () => {
    const response = await apiRequest("POST", adminApi.login, { username: "admin", password: "secret" });
    expect(response.ok).toBe(true);
    expect(calls[0]?.url).toBe("/api/admin/login");
    expect(calls[0]?.init).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"username":"admin","password":"secret"}',
    });
  });

  it("sends no body and no content type when there is nothing to send", async () => {
    await apiRequest("DELETE", adminApi.survey(7));
    expect(calls[0]?.url).toBe("/api/admin/surveys/7");
    expect(calls[0]?.init.method).toBe("DELETE");
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.init.headers).toBeUndefined();
  });

  it("turns any non-ok answer into an Error whose message is the status and the body text", async () => {
    nextResponse = () => new Response("Not found.", { status: 404 });
    const error = await apiRequest("POST", adminApi.surveyView(9)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("404: Not found.");
    nextResponse = () => new Response("", { status: 429, statusText: "Too Many Requests" });
    await expect(apiRequest("POST", adminApi.login, {})).rejects.toThrow("429: Too Many Requests");
  });

  it("lets a network failure reject", async () => {
    nextResponse = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(apiRequest("POST", adminApi.logout)).rejects.toThrow("Failed to fetch");
  });
});

describe("createAdminQueryClient", () => {
  it("never goes stale, never refetches on focus, never polls and never retries", () => {
    const client = createAdminQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });

  it("loads a query by its key with the default query function and does not retry a failure", async () => {
    const client = createAdminQueryClient();
    nextResponse = () => Response.json({ surveys: 2, contacts: 1 });
    await expect(client.query({ queryKey: [adminApi.counts] })).resolves.toEqual({ surveys: 2, contacts: 1 });
    expect(calls.map((call) => call.url)).toEqual(["/api/admin/counts"]);

    // Fresh data is served from the cache: no second request.
    await client.query({ queryKey: [adminApi.counts] });
    expect(calls).toHaveLength(1);

    nextResponse = () => new Response("Authentication required.", { status: 401 });
    await expect(client.query({ queryKey: [adminApi.surveys] })).rejects.toThrow("401: Authentication required.");
    expect(calls.filter((call) => call.url === "/api/admin/surveys")).toHaveLength(1);
  });
});

import { randomBytes } from "node:crypto";
import type { APIRoute } from "astro";
import { expect } from "vitest";
import { hashSessionToken, SESSION_ABSOLUTE_TTL_MS, SESSION_COOKIE } from "@/server/auth/admin-session";
import { createAdminSession } from "@/server/auth/admin-sessions";
import { callEndpoint } from "./api-request";

/** The desk's endpoints called as Astro calls them, with a session planted in the database. */


/** A signed-in session planted at the current (possibly faked) time. */
export async function deskSession(): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await createAdminSession(hashSessionToken(token), Date.now(), SESSION_ABSOLUTE_TTL_MS);
  return token;
}

export type DeskCallOptions = { token?: string; body?: unknown; raw?: string; origin?: string; params?: Record<string, string>; address?: string; userAgent?: string };

export async function deskCall(handler: APIRoute | undefined, method: string, path: string, options: DeskCallOptions = {}): Promise<Response> {
  if (!handler) throw new Error(`no ${method} handler for ${path}`);
  const headers: Record<string, string> = { "x-forwarded-for": options.address ?? "203.0.113.50" };
  if (options.token !== undefined) headers.cookie = `${SESSION_COOKIE}=${options.token}`;
  if (options.origin !== undefined) headers.origin = options.origin;
  if (options.userAgent !== undefined) headers["user-agent"] = options.userAgent;
  const hasBody = options.body !== undefined || options.raw !== undefined;
  if (hasBody) headers["content-type"] = "application/json";
  const request = new Request(`http://127.0.0.1:3000${path}`, { method, headers, body: hasBody ? (options.raw ?? JSON.stringify(options.body)) : undefined });
  return callEndpoint(handler)(request, options.params ?? {});
}

export async function deskJson<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

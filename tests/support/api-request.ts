import { randomInt } from "node:crypto";
import type { APIContext, APIRoute } from "astro";

/** Builds the Request an endpoint receives, as the production server (server/production-server.mjs) hands it to Astro. */
export function jsonRequest(
  path: string,
  body: unknown,
  options: { method?: string; contentType?: string; address?: string; headers?: Record<string, string>; raw?: string } = {},
): Request {
  const payload = options.raw ?? JSON.stringify(body);
  return new Request(`http://127.0.0.1:3000${path}`, {
    method: options.method ?? "POST",
    headers: {
      "content-type": options.contentType ?? "application/json",
      "x-forwarded-for": options.address ?? "203.0.113.7",
      ...options.headers,
    },
    body: payload,
  });
}

export type EndpointCall = (request: Request, params?: Record<string, string>) => Promise<Response>;

/**
 * Calls an endpoint the way Astro does, with the parts of its APIContext our endpoints
 * read. The request's X-Forwarded-For stands for the peer address the server saw.
 */
export const callEndpoint =
  (handler: APIRoute): EndpointCall =>
  async (request, params = {}) =>
    handler({ request, params, clientAddress: request.headers.get("x-forwarded-for") ?? undefined } as unknown as APIContext);

/** A phone number no other test is likely to hold (leads join by phone when there is no e-mail). */
export function randomPhone(): string {
  return `(864) ${randomInt(200, 999)}-${randomInt(1000, 9999)}`;
}

export const validContact = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "(864) 555-0142",
  projectType: "managed-internet",
  message: "We need failover internet for two offices.",
};

export const validSurvey = {
  businessName: "Blue Heron Dental",
  email: "office@blueheron.example",
  phoneNumber: "864-555-0123",
  address: "12 Pine St, Greenville, SC 29601",
  employeeCount: 12,
  deviceCount: 40,
  primaryInternetUse: "Imaging and cloud charts",
  usesStreaming: false,
  hasPublicWifi: true,
  phoneCount: 6,
  interestedServices: ["voip", "starlink"],
  additionalComments: "Two locations.",
};

import { setupLinkMessages, type SetupLinkState } from "@/lib/admin-setup-link";
import { adminSetupSchema, setupTokenSchema } from "@/lib/validation/admin-setup-schema";
import { adminUsername } from "@/server/auth/admin-credentials";
import { sessionCookie, sessionOriginOf, startAdminSession } from "@/server/auth/admin-session";
import { completeSetup, setupLinkState } from "@/server/auth/admin-setup";
import { refuseCommonPassword } from "@/server/auth/common-passwords";
import { isDatabaseUnavailable } from "@/server/db/connection";
import { clientAddress } from "@/server/http/client-address";
import { jsonError, jsonResponse, serviceUnavailable, validationError } from "@/server/http/json-responses";
import { readJsonBody } from "@/server/http/json-responses";
import { isSameOriginRequest } from "@/server/http/same-origin";

/** What the socket said of the client, when the server knows it (Astro's APIContext has it). */
export interface SetupContext {
  request: Request;
  clientAddress?: string;
}

/** A link that cannot be used: 404 for one that never existed, 410 for one that is spent. */
function unusableLink(state: Exclude<SetupLinkState, "valid">): Response {
  return jsonResponse({ error: setupLinkMessages[state].description, state }, state === "unknown" ? 404 : 410);
}

async function guarded(request: Request, work: (body: Record<string, unknown>) => Promise<Response>): Promise<Response> {
  if (!isSameOriginRequest(request)) return jsonError(403, "Cross-origin requests are not allowed.");
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  try {
    return await work(body.value);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return serviceUnavailable();
    console.error("[admin] setup failed:", error);
    return jsonError(500, "Something went wrong on our side.");
  }
}

/**
 * POST /api/admin/setup/check with `{ token }`: can this link still be used? A POST, so
 * the token stays out of URLs and access logs, as the link's fragment kept it.
 */
export async function checkSetupLinkRoute({ request }: SetupContext): Promise<Response> {
  return guarded(request, async (body) => {
    const parsed = setupTokenSchema.safeParse(body);
    if (!parsed.success) return validationError(parsed.error);
    const state = await setupLinkState(parsed.data.token);
    return state === "valid" ? jsonResponse({ state }) : unusableLink(state);
  });
}

/**
 * POST /api/admin/setup with `{ token, newPassword, confirmPassword }`: uses the link once
 * to choose the first password, then signs this browser in.
 */
export async function completeSetupRoute({ request, clientAddress: socketAddress }: SetupContext): Promise<Response> {
  return guarded(request, async (body) => {
    const parsed = adminSetupSchema.safeParse(body);
    if (!parsed.success) return validationError(parsed.error);
    const common = await refuseCommonPassword(parsed.data.newPassword);
    if (common) return common;
    const state = await completeSetup(parsed.data.token, parsed.data.newPassword);
    if (state !== "valid") return unusableLink(state);
    const session = await startAdminSession(sessionOriginOf(request, clientAddress(request.headers, socketAddress)));
    const response = jsonResponse({ authenticated: true, username: adminUsername() });
    response.headers.append("Set-Cookie", sessionCookie(request, session.token));
    return response;
  });
}

import { methodNotAllowed } from "./json-responses";

/** What a handler reads of Astro's APIContext; plain data, so tests can build one. */
export interface EndpointContext {
  request: Request;
  /** The client's address as the adapter saw it; absent outside a server (tests). */
  clientAddress?: string;
}

export type EndpointHandler = (context: EndpointContext) => Response | Promise<Response>;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type EndpointMethods<M extends Method> = Record<M | "OPTIONS" | "ALL" | ("GET" extends M ? "HEAD" : never), EndpointHandler>;

/**
 * The exports of a JSON endpoint. Astro answers a bare 404 to a method the module does
 * not export, and once `ALL` is exported HEAD no longer falls back to GET, so alongside
 * the handlers this gives HEAD (the GET handler; Astro drops the body), OPTIONS (204 with
 * Allow, as before) and ALL (a JSON 405 with Allow).
 *
 *   export const { POST, OPTIONS, ALL } = endpointMethods({ POST: (context) => … });
 */
export function endpointMethods<M extends Method>(handlers: Record<M, EndpointHandler>): EndpointMethods<M> {
  const served: Partial<Record<Method, EndpointHandler>> = handlers;
  const allowed = Object.keys(handlers);
  const answered = [...allowed, ...(served.GET ? ["HEAD"] : []), "OPTIONS"];
  const options: EndpointHandler = () => new Response(null, { status: 204, headers: { Allow: answered.join(", "), "Cache-Control": "no-store" } });
  return { ...handlers, ...(served.GET ? { HEAD: served.GET } : {}), OPTIONS: options, ALL: methodNotAllowed(allowed) } as EndpointMethods<M>;
}

/**
 * Astro's `clientAddress` throws where the adapter cannot tell (it always can under the
 * node adapter); the rate limits then fall back to X-Forwarded-For alone.
 */
export function socketAddressOf(context: EndpointContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

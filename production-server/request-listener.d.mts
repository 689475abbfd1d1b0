/** Types for production-server/request-listener.mjs (plain JavaScript, loaded by server.mjs without a build step). */
import type { IncomingMessage, ServerResponse } from "node:http";

export declare function createRequestListener(options: {
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  prerendered: ReadonlySet<string>;
}): (request: IncomingMessage, response: ServerResponse) => void;

import { describe, expect, it } from "vitest";
import { readJsonBody } from "@/server/http/json-responses";

/** A chunked body (no Content-Length) that records how far it was read and whether it was cancelled. */
function streamedRequest(chunks: number, chunkBytes: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request("http://127.0.0.1:3000/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
  return { request, seen };
}

describe("readJsonBody", () => {
  it("answers 413 for a streamed body over the limit, reading it to the end instead of cancelling it", async () => {
    // Cancelling would destroy the socket of a keep-alive client, and with it its next request on that connection.
    const { request, seen } = streamedRequest(20, 8 * 1024);
    const result = await readJsonBody(request, 64 * 1024);

    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(413);
    expect(seen).toEqual({ pulled: 20, cancelled: false });
  });

  it("cuts off a body that keeps coming far past the limit instead of reading it forever", async () => {
    // 2 MB against a 64 KB limit: past the 1 MB drain allowance the stream is cancelled.
    const { request, seen } = streamedRequest(256, 8 * 1024);
    const result = await readJsonBody(request, 64 * 1024);

    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(413);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(256);
    expect(seen.pulled * 8 * 1024).toBeGreaterThan(64 * 1024 + 1024 * 1024);
  });

  it("reads a body within the limit in full", async () => {
    const { request } = streamedRequest(2, 8);
    const result = await readJsonBody(request, 64 * 1024);
    // Sixteen spaces are not a JSON object: the body was read, then judged.
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(400);
  });
});

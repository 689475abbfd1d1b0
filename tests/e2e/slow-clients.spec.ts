// API-only: no page is opened, so the browser fixtures (and their Chromium) are not needed.
import { once } from "node:events";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { startProductionServer, type RunningServer } from "../support/production-server";

/**
 * What the production server's HTTP layer (server/production-server.mjs) does with clients
 * that hold a socket without finishing a request, with too many sockets, and with a path
 * whose percent-encoding is broken. Every client here talks to 127.0.0.1 and stops by itself.
 */

interface Exchange {
  /** Everything the server sent before it closed the socket. */
  received: string;
  /** Milliseconds from the first byte sent to the socket's close. */
  heldFor: number;
}

/** Opens a socket, writes `head`, then `drip` one byte at a time every `dripEveryMs` until the server closes it. */
async function holdSocket(port: number, head: string, drip = "", dripEveryMs = 200): Promise<Exchange> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const started = Date.now();
  socket.write(head);
  let dripped = 0;
  const dripper = setInterval(() => {
    if (dripped < drip.length) socket.write(drip[dripped++]!);
  }, dripEveryMs);
  // Not `once(socket, "close")`: it rejects on the socket's "error", and a drip byte written as the
  // server closes after its 408 is answered with a reset (ECONNRESET), which says nothing about the 408.
  await new Promise((resolve) => socket.on("close", resolve));
  clearInterval(dripper);
  return { received, heldFor: Date.now() - started };
}

/** A keep-alive socket that got an answer to one request; resolves null if the server closed it unanswered. */
async function answeredSocket(port: number): Promise<net.Socket | null> {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  let received = "";
  return new Promise((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n") && /^HTTP\/1\.1 \d{3}/.test(received)) resolve(socket);
    });
    socket.on("close", () => resolve(null));
    socket.on("connect", () => socket.write("GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"));
  });
}

test.describe("slow clients, as deployed", () => {
  test("a client that never finishes its headers is answered 408 and let go after 15 s, not held for minutes", async ({ baseURL }) => {
    test.setTimeout(40_000);
    const { received, heldFor } = await holdSocket(Number(new URL(baseURL!).port), "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    // 15 s, checked once a second.
    expect(heldFor).toBeGreaterThanOrEqual(14_500);
    expect(heldFor).toBeLessThan(18_000);
  });
});

test.describe("slow clients and connections, with short limits", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  let stderr = "";
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    server = await startProductionServer({
      DATABASE_PATH: `${testInfo.outputDir}/slow-clients.db`,
      HEADERS_TIMEOUT_MS: "1000",
      REQUEST_TIMEOUT_MS: "3000",
      MAX_CONNECTIONS: "4",
    });
    server.process.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("partial headers are answered 408 once HEADERS_TIMEOUT_MS has passed", async () => {
    const { received, heldFor } = await holdSocket(server.port, "GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-Drip: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(heldFor).toBeGreaterThanOrEqual(900);
    expect(heldFor).toBeLessThan(2_600);
  });

  test("a body sent a byte at a time is answered 408 once REQUEST_TIMEOUT_MS has passed", async () => {
    const body = JSON.stringify({ name: "Dana Slow", email: "dana@example.com", message: "x".repeat(200) });
    const { received, heldFor } = await holdSocket(
      server.port,
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(heldFor).toBeGreaterThanOrEqual(2_900);
    expect(heldFor).toBeLessThan(5_000);
  });

  test("past MAX_CONNECTIONS a new connection is closed unanswered, and taken again once one ends", async () => {
    const sockets: (net.Socket | null)[] = [];
    for (let i = 0; i < 6; i += 1) sockets.push(await answeredSocket(server.port));
    const open = sockets.filter((socket): socket is net.Socket => socket !== null);
    // The readiness check of startProductionServer may still hold one pooled connection.
    expect(open.length).toBeGreaterThanOrEqual(3);
    expect(open.length).toBeLessThanOrEqual(4);
    expect(sockets.at(-1)).toBeNull();
    for (const socket of open) socket.destroy();
    const answered = async () => {
      const socket = await answeredSocket(server.port);
      socket?.destroy();
      return socket !== null;
    };
    await expect.poll(answered, { timeout: 5_000 }).toBe(true);
  });

  test("a path with broken percent-encoding is answered 400 (JSON under /api/) and logs nothing at error level", async () => {
    for (const path of ["/%zz", "/about%zz", "/blog/%E0%A4%A", "/_astro/%zz.js", "/api/%zz", "/api/admin/contacts/%E0%A4%A/view"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(response.headers.get("content-security-policy"), path).toContain("default-src 'self'");
      if (path.startsWith("/api/")) expect(await response.json(), path).toEqual({ error: "Malformed URL." });
      else expect(await response.text(), path).toBe("Bad Request");
    }
    // Everything the server wrote is read once it has exited.
    const closed = once(server.process, "close");
    await server.stop();
    await closed;
    expect(stderr.split("\n").filter((line) => /\[ERROR\]|\berror\b/i.test(line))).toEqual([]);
  });
});

import net from "node:net";

/**
 * A loopback TCP proxy a test can cut: put it between an app instance and its
 * database to count the connections the instance holds, or to make the database
 * unreachable (every connection reset, new ones refused) and bring it back.
 */
export interface SwitchableTcpProxy {
  port: number;
  /** Connections open through the proxy right now. */
  openConnections(): number;
  /** The most connections that were open at once since the last `resetPeak`. */
  peakConnections(): number;
  resetPeak(): void;
  /** Resets every open connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startSwitchableTcpProxy(target: { host: string; port: number }): Promise<SwitchableTcpProxy> {
  const sockets = new Set<net.Socket>();
  let open = 0;
  let peak = 0;

  const handle = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    open += 1;
    peak = Math.max(peak, open);
    sockets.add(client).add(upstream);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      open -= 1;
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  let server = net.createServer(handle);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };

  const port = await listen(0);
  return {
    port,
    openConnections: () => open,
    peakConnections: () => peak,
    resetPeak: () => {
      peak = open;
    },
    cut: async () => {
      const closing = stopListening();
      resetAll();
      await closing;
    },
    restore: async () => {
      if (server.listening) return;
      server = net.createServer(handle);
      await listen(port);
    },
    close: async () => {
      const closing = stopListening();
      resetAll();
      await closing;
    },
  };
}

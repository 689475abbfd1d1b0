import { createDecipheriv, createECDH, createHmac, createPublicKey, type ECDH, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A push service on 127.0.0.1, as Chrome's or Firefox's would take a push: it checks the
 * VAPID JWT (RFC 8292: ES256 over the `k` key, `aud` the endpoint's origin, `exp` within a
 * day) and decrypts the aes128gcm body (RFC 8291) with the subscription's private key and
 * auth secret, written here from the RFCs rather than with the library the site encrypts
 * with. Each push is answered with the next queued status (then 201).
 */

export type StandInDevice = {
  /** What the browser would give to `POST /api/admin/push/subscriptions`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
};

export type ReceivedPush = {
  endpoint: string;
  headers: IncomingHttpHeaders;
  /** The VAPID public key (`k`) the JWT was checked against. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted payload, parsed. */
  payload: unknown;
  /** The raw request body: what crossed the wire. */
  body: Buffer;
};

export class StandInPushService {
  readonly received: ReceivedPush[] = [];
  /** Problems with a push that was refused (bad JWT, undecryptable body). */
  readonly refused: string[] = [];
  readonly answers: number[] = [];
  private readonly devices = new Map<string, StandInDevice>();
  private server: Server | undefined;
  private waiters: (() => void)[] = [];
  origin = "";

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const endpoint = `${this.origin}${request.url ?? ""}`;
        const status = this.answers.shift() ?? 201;
        try {
          const device = this.devices.get(endpoint);
          if (!device) throw new Error(`unknown endpoint ${endpoint}`);
          const body = Buffer.concat(chunks);
          const { key, claims } = checkVapid(request.headers, this.origin);
          if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
          if (!request.headers.ttl) throw new Error("no TTL");
          const payload: unknown = JSON.parse(decryptAes128gcm(body, device.ecdh, device.auth).toString("utf8"));
          this.received.push({ endpoint, headers: request.headers, vapidKey: key, claims, payload, body });
          response.writeHead(status).end();
        } catch (error) {
          this.refused.push(error instanceof Error ? error.message : String(error));
          response.writeHead(400).end();
        }
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser subscription at this service: its keys made as a browser makes them. */
  device(): StandInDevice {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${this.origin}/push/${randomBytes(12).toString("base64url")}`;
    const device = { subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } }, ecdh, auth };
    this.devices.set(endpoint, device);
    return device;
  }

  /** Resolves once `count` pushes (accepted or refused) have arrived in all. */
  async waitFor(count: number): Promise<void> {
    while (this.received.length + this.refused.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  reset(): void {
    this.received.length = 0;
    this.refused.length = 0;
    this.answers.length = 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: an ES256 signature by `k`, for this origin, not expired. */
function checkVapid(headers: IncomingHttpHeaders, origin: string): { key: string; claims: ReceivedPush["claims"] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${headers.authorization ?? ""}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") }, format: "jwk" });
  const signed = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) throw new Error("the VAPID JWT's signature does not verify");
  const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string };
  if (head.alg !== "ES256") throw new Error(`alg ${head.alg}`);
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as ReceivedPush["claims"];
  if (body.aud !== origin) throw new Error(`aud ${body.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(body.exp > now && body.exp <= now + 24 * 60 * 60)) throw new Error(`exp ${body.exp} is not within a day`);
  if (!/^(mailto:|https:\/\/)/.test(body.sub)) throw new Error(`sub ${body.sub}`);
  return { key, claims: body };
}

const hmac = (key: Buffer, ...data: Buffer[]) => createHmac("sha256", key).update(Buffer.concat(data)).digest();

/** RFC 8291 §3.4 and RFC 8188: one record, its padding delimiter 0x02 (the last record). */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(senderKey);
  const prkKey = hmac(authSecret, secret);
  const ikm = hmac(prkKey, Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderKey, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

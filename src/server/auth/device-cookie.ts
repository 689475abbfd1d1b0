import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { deleteRetiredDeviceCookieNonces, isDeviceCookieNonceRetired, retireDeviceCookieNonce } from "@/server/auth/retired-device-cookies";
import { getSetting, setSetting, setSettingIfAbsent } from "@/server/settings/settings";
import { hostCookieName, serializeCookie } from "@/server/http/cookies";

/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies":
 * a browser that has signed in successfully gets
 * `<username>.<generation>.<issued>.<nonce>.<signature>` (username base64url, the
 * account's device generation, the issue time in base-36 seconds, a random nonce, and an
 * HMAC-SHA256 of all four), so a later login from it can be told apart from an attacker's.
 *
 * A cookie stops counting (it is "revoked": the browser is treated as unknown, and the
 * cookie cleared) when the generation has moved on (a password change, a reset, "sign out
 * everywhere": `revokeDeviceCookies`), when it is older than its Max-Age, or when a newer
 * cookie replaced it in its browser (`retireDeviceCookie`).
 */
export const DEVICE_COOKIE = "sr_admin_device";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const DEVICE_SECRET_SETTING = "device_cookie_secret";
export const DEVICE_GENERATION_SETTING = "device_cookie_generation";
const SECRET_MIN_LENGTH = 32;
const NONCE_BYTES = 16;
const MAX_VALUE_LENGTH = 600;
const MAX_AGE_MS = DEVICE_COOKIE_MAX_AGE_SECONDS * 1000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface KnownDevice {
  username: string;
  nonce: string;
}

export type DeviceCookieCheck =
  | { status: "absent" }
  /** Not signed by us: bad format or signature. */
  | { status: "forged" }
  /** Signed by us, but no longer counting: an old generation, expired, or replaced. */
  | { status: "revoked" }
  | { status: "valid"; device: KnownDevice };

export function deviceCookieName(secure: boolean): string {
  return hostCookieName(DEVICE_COOKIE, secure);
}

/** What is wrong with DEVICE_COOKIE_SECRET, if anything: checked at start (src/fetch.ts), so a bad one stops the server, not a login. */
export function deviceCookieSettingsProblem(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const configured = env.DEVICE_COOKIE_SECRET?.trim();
  return configured && configured.length < SECRET_MIN_LENGTH
    ? `[admin] DEVICE_COOKIE_SECRET must be at least ${SECRET_MIN_LENGTH} characters long (e.g. \`openssl rand -base64 32\`); the server will not start with a shorter one.`
    : null;
}

/**
 * DEVICE_COOKIE_SECRET, or else a random secret generated once and kept in the settings
 * table, which every instance reads. Read per login: logins are rare, and a secret
 * rotated in the database applies at once everywhere.
 */
async function deviceSecret(): Promise<string> {
  const configured = process.env.DEVICE_COOKIE_SECRET?.trim();
  if (configured) {
    const problem = deviceCookieSettingsProblem({ DEVICE_COOKIE_SECRET: configured });
    if (problem) throw new Error(problem);
    return configured;
  }
  return (await getSetting(DEVICE_SECRET_SETTING)) ?? (await setSettingIfAbsent(DEVICE_SECRET_SETTING, randomBytes(32).toString("base64url")));
}

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest();
const newGeneration = () => randomBytes(8).toString("base64url");

/** The account's device generation: created once, replaced by `revokeDeviceCookies`. */
async function currentGeneration(): Promise<string> {
  return (await getSetting(DEVICE_GENERATION_SETTING)) ?? (await setSettingIfAbsent(DEVICE_GENERATION_SETTING, newGeneration()));
}

/** A fresh device cookie value for `username`, of the current generation. */
export async function issueDeviceCookie(username: string, now = Date.now()): Promise<string> {
  const issued = Math.floor(now / 1000).toString(36);
  const payload = [Buffer.from(username).toString("base64url"), await currentGeneration(), issued, randomBytes(NONCE_BYTES).toString("base64url")].join(".");
  return `${payload}.${sign(await deviceSecret(), payload).toString("base64url")}`;
}

/** Whether a presented device cookie is ours and still counts: absent, forged, revoked or valid. */
export async function checkDeviceCookie(value: string | undefined, now = Date.now()): Promise<DeviceCookieCheck> {
  // An empty value is what a cleared cookie leaves behind in some clients.
  if (!value) return { status: "absent" };
  const parts = value.length <= MAX_VALUE_LENGTH ? value.split(".") : [];
  if (parts.length < 3 || !parts.every((part) => BASE64URL.test(part))) return { status: "forged" };
  const expected = sign(await deviceSecret(), parts.slice(0, -1).join("."));
  const presented = Buffer.from(parts.at(-1)!, "base64url");
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return { status: "forged" };
  // Ours, in the earlier format without generation and issue time: it can no longer be revoked, so it no longer counts.
  if (parts.length !== 5) return { status: "revoked" };
  const [user, generation, issued, nonce] = parts as [string, string, string, string];
  const age = now - parseInt(issued, 36) * 1000;
  if (generation !== (await currentGeneration()) || !(age < MAX_AGE_MS) || (await isDeviceCookieNonceRetired(nonce))) return { status: "revoked" };
  return { status: "valid", device: { username: Buffer.from(user, "base64url").toString(), nonce } };
}

/**
 * Retires the device cookie a browser presented when it is given a new one: a copy of the
 * old cookie (kept by whoever took it) no longer makes a browser known.
 */
export async function retireDeviceCookie(value: string | undefined, now = Date.now()): Promise<void> {
  const check = await checkDeviceCookie(value, now);
  if (check.status === "valid") await retireDeviceCookieNonce(check.device.nonce, now, now - MAX_AGE_MS);
}

/** Starts a new device generation: every device cookie issued before stops counting, on every instance. */
export async function revokeDeviceCookies(): Promise<void> {
  await setSetting(DEVICE_GENERATION_SETTING, newGeneration());
  // Each of those was of an earlier generation, refused by it now.
  await deleteRetiredDeviceCookieNonces();
}

export function deviceCookieHeader(value: string, secure: boolean): string {
  return serializeCookie(deviceCookieName(secure), value, { maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS, secure });
}

export function clearedDeviceCookieHeader(secure: boolean): string {
  return serializeCookie(deviceCookieName(secure), "", { maxAgeSeconds: 0, secure });
}

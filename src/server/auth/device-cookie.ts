import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getSetting, setSettingIfAbsent } from "@/server/db/settings";
import { hostCookieName, serializeCookie } from "@/server/http/cookies";

/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies":
 * a browser that has signed in successfully gets `<username>.<nonce>.<signature>`
 * (username base64url, a random nonce, an HMAC-SHA256 of both), so a later login from it
 * can be told apart from an attacker's without storing anything per device.
 */
export const DEVICE_COOKIE = "sr_admin_device";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const DEVICE_SECRET_SETTING = "device_cookie_secret";
const SECRET_MIN_LENGTH = 32;
const NONCE_BYTES = 16;
const MAX_VALUE_LENGTH = 600;

export interface KnownDevice {
  username: string;
  nonce: string;
}

export type DeviceCookieCheck = { status: "absent" } | { status: "forged" } | { status: "valid"; device: KnownDevice };

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

/** A fresh device cookie value for `username`. */
export async function issueDeviceCookie(username: string): Promise<string> {
  const payload = `${Buffer.from(username).toString("base64url")}.${randomBytes(NONCE_BYTES).toString("base64url")}`;
  return `${payload}.${sign(await deviceSecret(), payload).toString("base64url")}`;
}

/** Whether a presented device cookie is ours: absent, forged (bad format or signature), or valid. */
export async function checkDeviceCookie(value: string | undefined): Promise<DeviceCookieCheck> {
  // An empty value is what a cleared cookie leaves behind in some clients.
  if (!value) return { status: "absent" };
  const parts = value.length <= MAX_VALUE_LENGTH ? value.split(".") : [];
  const [user, nonce, signature] = parts;
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (parts.length !== 3 || ![user, nonce, signature].every((part) => part && base64url.test(part))) return { status: "forged" };
  const expected = sign(await deviceSecret(), `${user}.${nonce}`);
  const presented = Buffer.from(signature!, "base64url");
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return { status: "forged" };
  return { status: "valid", device: { username: Buffer.from(user!, "base64url").toString(), nonce: nonce! } };
}

export function deviceCookieHeader(value: string, secure: boolean): string {
  return serializeCookie(deviceCookieName(secure), value, { maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS, secure });
}

export function clearedDeviceCookieHeader(secure: boolean): string {
  return serializeCookie(deviceCookieName(secure), "", { maxAgeSeconds: 0, secure });
}

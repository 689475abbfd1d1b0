import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashes in the form `scrypt$N$r$p$salt$hash` (salt and hash base64url).
 * scrypt is memory-hard and ships with Node: no native dependency to build.
 */
const DEFAULTS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 } as const;
const MAX_MEMORY = 128 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, DEFAULTS.keyLength, { N: DEFAULTS.N, r: DEFAULTS.r, p: DEFAULTS.p, maxmem: MAX_MEMORY });
  return ["scrypt", DEFAULTS.N, DEFAULTS.r, DEFAULTS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export function isPasswordHash(value: string): boolean {
  return parseHash(value) !== null;
}

function parseHash(value: string) {
  const parts = value.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const key = Buffer.from(parts[5] ?? "", "base64url");
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

let verifications = 0;
let running = 0;
let peakRunning = 0;

/**
 * How many password checks this process has started. Each costs a scrypt run (about
 * 32 MB and tens of milliseconds), which is what the login limits must bound; tests read it.
 */
export function passwordVerificationCount(): number {
  return verifications;
}

/** The most password checks that ran at once in this process since `resetPasswordVerificationPeak`. */
export function passwordVerificationPeak(): number {
  return peakRunning;
}

export function resetPasswordVerificationPeak(): void {
  peakRunning = running;
}

/** Compares in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  verifications += 1;
  const parsed = parseHash(stored);
  if (!parsed) return false;
  running += 1;
  peakRunning = Math.max(peakRunning, running);
  try {
    const candidate = await scryptAsync(password, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p, maxmem: MAX_MEMORY });
    return timingSafeEqual(candidate, parsed.key);
  } finally {
    running -= 1;
  }
}

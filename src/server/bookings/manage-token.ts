import { createHash, randomBytes } from "node:crypto";

/** A new private manage link token: 32 random bytes, base64url. Only its hash is stored. */
export function newManageToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Tokens from a URL may be anything; only the shape we issue is looked up. */
export function isManageTokenShape(token: string | undefined): token is string {
  return token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);
}

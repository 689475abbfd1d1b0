import { NEW_PASSWORD_MESSAGES } from "@/lib/validation/new-password";
import { jsonError } from "@/server/http/json-responses";

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * Whether `password` is on zxcvbn-ts's list of common passwords (about 49,000 from
 * breach corpora, shipped in @zxcvbn-ts/language-common, so nothing is fetched), in any
 * letter case. Checked on the server only: the list would weigh more than the whole back
 * office in the browser. Loaded on first use, not at start.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return (await commonPasswords).has(password.toLowerCase());
}

/** A 400 on the `newPassword` field when the new password is a common one; undefined otherwise. */
export async function refuseCommonPassword(newPassword: string): Promise<Response | undefined> {
  if (!(await isCommonPassword(newPassword))) return undefined;
  return jsonError(400, NEW_PASSWORD_MESSAGES.common, { fields: { newPassword: NEW_PASSWORD_MESSAGES.common } });
}

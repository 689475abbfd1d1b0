/**
 * npm run admin:hash-password — prints a hash for ADMIN_PASSWORD_HASH.
 * Reads the password from standard input (typed without echo on a terminal), or
 * from the first argument; the password itself is never printed.
 */
import { hashPassword } from "../src/server/auth/password-hash";

async function readPassword(): Promise<string> {
  const fromArgument = process.argv[2];
  if (fromArgument) return fromArgument;
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let data = "";
    for await (const chunk of stdin) data += chunk;
    return data.replace(/\r?\n$/, "");
  }
  process.stderr.write("Password: ");
  stdin.setRawMode(true);
  let password = "";
  for await (const chunk of stdin) {
    for (const char of String(chunk)) {
      if (char === "\r" || char === "\n") {
        stdin.setRawMode(false);
        process.stderr.write("\n");
        return password;
      }
      if (char === "\u0003") process.exit(130);
      password = char === "\u007f" ? password.slice(0, -1) : password + char;
    }
  }
  return password;
}

async function main() {
  const password = await readPassword();
  if (password.length < 12) {
    console.error("Use at least 12 characters.");
    process.exit(1);
  }
  console.log(await hashPassword(password));
}

void main();

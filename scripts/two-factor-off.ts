/**
 * npm run admin:two-factor-off — turns the owner's two-step verification off from the
 * server's shell, for a lost phone with no recovery code left. It reads the same
 * DATABASE_URL / DATABASE_PATH as the site. Whoever can run it can already read the
 * database and the environment, so it asks for nothing more.
 */
import { readTwoFactor, deleteTwoFactor } from "../src/server/auth/admin-two-factor";
import { closeDb } from "../src/server/db/connection";

async function main(): Promise<void> {
  try {
    const before = await readTwoFactor();
    await deleteTwoFactor();
    console.log(
      before?.secret
        ? "Two-step verification is off: the password alone signs in. Turn it on again on /admin/account."
        : "Two-step verification was not on; nothing changed.",
    );
  } finally {
    await closeDb();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

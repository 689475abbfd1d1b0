import { type Kysely, sql } from "kysely";
import { emailKey, phoneKey } from "./frozen/lead-identity";

/**
 * 0015: each submission keeps the e-mail and phone keys it is matched on (indexed), so a new
 * submission finds its lead through any address or number the person has used, not only
 * those of the lead's first submission. Existing rows get theirs from the same functions.
 */
export async function addSubmissionKeys(db: Kysely<unknown>): Promise<void> {
  const tables = [
    { table: "contact_requests", phone: "phone" },
    { table: "survey_submissions", phone: "phone_number" },
  ] as const;
  for (const { table, phone } of tables) {
    await db.schema.alterTable(table).addColumn("email_key", "text").execute();
    await db.schema.alterTable(table).addColumn("phone_key", "text").execute();
    await db.schema.createIndex(`${table}_email_key_idx`).on(table).column("email_key").execute();
    await db.schema.createIndex(`${table}_phone_key_idx`).on(table).column("phone_key").execute();
    const rows = await sql<{ id: number; email: string; phone: string }>`select id, email, ${sql.ref(phone)} as phone from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) {
      await sql`update ${sql.table(table)} set email_key = ${emailKey(row.email)}, phone_key = ${phoneKey(row.phone)} where id = ${row.id}`.execute(db);
    }
  }
}

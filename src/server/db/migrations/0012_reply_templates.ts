import { type Kysely, sql } from "kysely";
import type { DbEngine } from "../dialect";

/**
 * The owner's reply templates (docs/lead-mail.md), managed at /admin/templates, with three
 * to start from. Their placeholders are those of src/lib/reply-templates.ts; the seeds are
 * written out here, as they were on the day, so the migration never changes.
 */
export async function createReplyTemplates(db: Kysely<unknown>, engine: DbEngine): Promise<void> {
  const isPostgres = engine === "postgres";
  await db.schema
    .createTable("reply_templates")
    .addColumn("id", isPostgres ? sql`bigserial` : sql`integer`, (column) => (isPostgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  const seeds = [
    {
      name: "First reply to a contact request",
      subject: "Your {{service}} request",
      body: [
        "Hi {{name}},",
        "",
        "Thank you for getting in touch with {{owner}}. I have read your message about {{service}} and would like to ask a few questions so we can suggest the right setup.",
        "",
        "Would a 15-minute call this week suit you? Reply with a time that works, or call us at {{phone}}.",
        "",
        "Best regards,",
        "{{owner}}",
      ].join("\n"),
    },
    {
      name: "Survey follow-up",
      subject: "Your connectivity survey: next steps for {{business}}",
      body: [
        "Hi {{name}},",
        "",
        "Thank you for filling in our connectivity survey. With {{employees}} employees, {{devices}} connected devices and {{phones}} phones, we have a good picture of what your network needs to carry.",
        "",
        "We would like to walk you through what we recommend. When could we call you? You can also reach us at {{phone}}.",
        "",
        "Best regards,",
        "{{owner}}",
      ].join("\n"),
    },
    {
      name: "Quote follow-up",
      subject: "Following up on your {{service}} quote",
      body: [
        "Hi {{name}},",
        "",
        "I wanted to check whether you had a chance to look at the quote we sent for {{service}}, and whether any questions came up.",
        "",
        "We are happy to adjust it to your budget or timing. Just reply to this e-mail or call us at {{phone}}.",
        "",
        "Best regards,",
        "{{owner}}",
      ].join("\n"),
    },
  ];
  const now = Date.now();
  for (const seed of seeds) {
    await sql`insert into reply_templates (name, subject, body, created_at, updated_at) values (${seed.name}, ${seed.subject}, ${seed.body}, ${now}, ${now})`.execute(db);
  }
}

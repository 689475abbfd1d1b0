import type { Kysely, Selectable } from "kysely";
import type { ReplyTemplate } from "@/lib/reply-templates";
import type { ReplyTemplateInput, ReplyTemplatePatch } from "@/lib/validation/reply-schemas";
import { getDb } from "@/server/db/connection";
import { type Database, isoFromMillis, isRowId, type ReplyTemplatesTable } from "@/server/db/schema";

/** The owner's reply templates (docs/lead-mail.md), oldest first. */
export async function listReplyTemplates(executor?: Kysely<Database>): Promise<ReplyTemplate[]> {
  const db = executor ?? (await getDb());
  const rows = await db.selectFrom("reply_templates").selectAll().orderBy("id").execute();
  return rows.map(toReplyTemplate);
}

export async function getReplyTemplate(id: number, executor?: Kysely<Database>): Promise<ReplyTemplate | undefined> {
  if (!isRowId(id)) return undefined;
  const db = executor ?? (await getDb());
  const row = await db.selectFrom("reply_templates").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toReplyTemplate(row);
}

export async function createReplyTemplate(input: ReplyTemplateInput, now = Date.now()): Promise<ReplyTemplate> {
  const db = await getDb();
  const row = await db
    .insertInto("reply_templates")
    .values({ name: input.name, subject: input.subject, body: input.body, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toReplyTemplate(row);
}

/** Undefined when there is no such template. */
export async function updateReplyTemplate(id: number, patch: ReplyTemplatePatch, now = Date.now()): Promise<ReplyTemplate | undefined> {
  if (!isRowId(id)) return undefined;
  const db = await getDb();
  const row = await db
    .updateTable("reply_templates")
    .set({
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.subject === undefined ? {} : { subject: patch.subject }),
      ...(patch.body === undefined ? {} : { body: patch.body }),
      updated_at: now,
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && toReplyTemplate(row);
}

/** False when there was no such template. Replies sent from it keep its id on the timeline. */
export async function deleteReplyTemplate(id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const db = await getDb();
  const result = await db.deleteFrom("reply_templates").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function toReplyTemplate(row: Selectable<ReplyTemplatesTable>): ReplyTemplate {
  return {
    id: Number(row.id),
    name: row.name,
    subject: row.subject,
    body: row.body,
    createdAt: isoFromMillis(Number(row.created_at)),
    updatedAt: isoFromMillis(Number(row.updated_at)),
  };
}

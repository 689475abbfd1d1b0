import type { Kysely } from "kysely";
import { AUDIT_DETAIL_TEXT, AUDIT_PAGE_SIZE, type AuditAction, type AuditDetail, type AuditEntryView, type AuditPage, type AuditTargetKind } from "@/lib/admin-audit";
import { describeUserAgent } from "@/server/http/describe-user-agent";
import { getDb } from "@/server/db/connection";
import { type Database, isoFromMillis } from "@/server/db/schema";

/** Who did it: a signed-in session (its public id, never the token) or, with `null`, the site itself. */
export type AuditActor = { sessionId: string; userAgent: string | null } | null;

/** One recorded action: what, to which row, with ids, statuses and counts only. */
export type AuditEntry = { action: AuditAction; target?: { kind: AuditTargetKind; id: number | string }; detail?: AuditDetail };

/**
 * Records `entry` for the signed-in session; pass the action's transaction as `executor`
 * so the entry and the action commit (or roll back) together. Handlers get one bound to
 * their session as `audit` (src/server/admin/admin-route.ts).
 */
export type AuditRecorder = (entry: AuditEntry, executor?: Kysely<Database>) => Promise<void>;

/** A recorder bound to `actor`, writing through `executor` when given, else its own statement. */
export function auditRecorder(actor: AuditActor, now: () => number = Date.now): AuditRecorder {
  return async (entry, executor) => recordAudit(executor ?? (await getDb()), actor, entry, now());
}

/** Writes one entry. Throws on a detail that is not ids, statuses, counts or flags: the log holds no person's data. */
export async function recordAudit(executor: Kysely<Database>, actor: AuditActor, entry: AuditEntry, now = Date.now()): Promise<void> {
  const detail = entry.detail ?? {};
  for (const [key, value] of Object.entries(detail)) {
    if (typeof value === "string" && !AUDIT_DETAIL_TEXT.test(value)) throw new Error(`Audit detail "${key}" must be an id, a status or a count, not text.`);
  }
  const browser = actor ? describeUserAgent(actor.userAgent) : null;
  await executor
    .insertInto("admin_audit_log")
    .values({
      at: now,
      session_id: actor?.sessionId ?? null,
      session_label: browser ? `${browser.browser} on ${browser.os}` : null,
      action: entry.action,
      target_kind: entry.target?.kind ?? null,
      target_id: entry.target === undefined ? null : String(entry.target.id),
      detail: JSON.stringify(detail),
    })
    .execute();
}

/** GET /api/admin/account/audit?page=: newest first, `AUDIT_PAGE_SIZE` a page (page 1 is the newest). */
export async function listAudit(page: number, currentSessionId: string): Promise<AuditPage> {
  const db = await getDb();
  const [rows, count] = await Promise.all([
    db
      .selectFrom("admin_audit_log")
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    db.selectFrom("admin_audit_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const entries: AuditEntryView[] = rows.map((row) => ({
    id: Number(row.id),
    at: isoFromMillis(Number(row.at)),
    action: row.action,
    targetKind: row.target_kind as AuditTargetKind | null,
    targetId: row.target_id,
    detail: parseDetail(row.detail),
    session: row.session_id === null ? null : { label: row.session_label ?? "Unknown browser", current: row.session_id === currentSessionId },
  }));
  return { entries, page, pageSize: AUDIT_PAGE_SIZE, total: Number(count.n) };
}

function parseDetail(text: string): AuditDetail {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as AuditDetail) : {};
  } catch {
    return {};
  }
}

/** The pruning step: entries older than `before` go (one idempotent delete). */
export async function pruneAuditLog(before: number): Promise<number> {
  const db = await getDb();
  const result = await db.deleteFrom("admin_audit_log").where("at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

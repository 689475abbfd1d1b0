import type SQLite from "better-sqlite3";
import type { Compilable, Kysely } from "kysely";
import type { ContactRequestData } from "@/lib/validation/contact-request-schema";
import type { SurveyData } from "@/lib/validation/survey-schema";
import { DatabaseUnavailableError, engineOf, getDb, sqliteHandleOf } from "./connection";
import { contactRequestInsert, insertContactRequest } from "./contact-requests";
import { type NotificationAllowance, notificationHit, type OutboxMessage, outboxInsert } from "./mail-outbox";
import { consumeRateLimit, type RateLimitResult, rateLimitHit } from "./rate-limits";
import type { Database } from "./schema";
import { insertSurveySubmission, surveySubmissionInsert } from "./survey-submissions";

export type LeadRecord = { kind: "contact"; data: ContactRequestData } | { kind: "survey"; data: SurveyData };

/** Everything one form submission writes. */
export interface SubmissionWrite {
  /** Counted first, whatever happens next. */
  rateLimit: { key: string; limit: number; windowMs: number };
  /** Stored when the hit is allowed; none for a submission screened out (honeypot). */
  lead?: LeadRecord;
  /** The notification queued in the same transaction as the lead, built only if it is stored. */
  outbox?: (receivedAt: Date) => OutboxMessage;
  /** The hourly allowance of notification e-mails the notification is counted against, in the same transaction. */
  notificationAllowance?: NotificationAllowance;
}

export type SubmissionResult = { allowance: RateLimitResult; stored?: { id: number } };

/**
 * Counts the submission against its rate limit and, when allowed, stores the lead with
 * its notification. Resolves only once all of it is committed.
 *
 * On PostgreSQL: one statement for the limit (shared by every instance), then one
 * transaction for the lead, as concurrent requests commit side by side on the pool.
 * On SQLite, where every commit is an fsync on the one connection and the main thread
 * waits for it, submissions arriving together share one transaction (group commit):
 * one fsync for the whole group instead of two per submission.
 */
export async function recordSubmission(write: SubmissionWrite): Promise<SubmissionResult> {
  const db = await getDb();
  if (engineOf(db) === "sqlite") return groupCommitOf(db).submit(write);

  const { key, limit, windowMs } = write.rateLimit;
  const allowance = await consumeRateLimit(key, limit, windowMs);
  if (!allowance.allowed || !write.lead) return { allowance };
  const outbox = write.outbox?.(new Date());
  const { id } =
    write.lead.kind === "contact"
      ? await insertContactRequest(write.lead.data, { outbox, allowance: write.notificationAllowance })
      : await insertSurveySubmission(write.lead.data, { outbox, allowance: write.notificationAllowance });
  return { allowance, stored: { id } };
}

/** A group bigger than this waits for the next commit, so no transaction grows without bound. */
const MAX_GROUP = 100;

type Outcome = { ok: true; result: SubmissionResult } | { ok: false; error: unknown };
type Waiting = { write: SubmissionWrite; resolve: (result: SubmissionResult) => void; reject: (error: unknown) => void };

/** One queue per database instance, so a test switching databases never mixes groups. */
const groupCommits = new WeakMap<Kysely<Database>, GroupCommit>();

function groupCommitOf(db: Kysely<Database>): GroupCommit {
  let group = groupCommits.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groupCommits.set(db, group);
  }
  return group;
}

/*
 * Submissions queue up until the event loop has handled what is ready (setImmediate),
 * then go to the database together. The commit blocks the main thread for the length of
 * an fsync; requests arriving meanwhile form the next group, so groups grow with the
 * load by themselves and an idle server commits a lone submission at once.
 */
class GroupCommit {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly db: Kysely<Database>) {}

  submit(write: SubmissionWrite): Promise<SubmissionResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ write, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const group = this.waiting.splice(0, MAX_GROUP);
    this.schedule();
    let outcomes: Outcome[];
    try {
      // Holding Kysely's one SQLite connection: no other query or transaction is under way on it.
      outcomes = await this.db.connection().execute(async () => {
        const handle = sqliteHandleOf(this.db);
        if (!handle) throw new DatabaseUnavailableError("The SQLite database is not open.");
        return commitGroup(this.db, handle, group.map((entry) => entry.write));
      });
    } catch (error) {
      // Nothing of the group was committed: none of it is acknowledged.
      for (const entry of group) entry.reject(error);
      return;
    }
    group.forEach((entry, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) entry.resolve(outcome.result);
      else entry.reject(outcome.error);
    });
  }
}

/**
 * One IMMEDIATE transaction for the whole group, run synchronously. Each lead and its
 * notification sit in a savepoint of their own, so a submission that fails (a broken
 * outbox, a bad value) is rolled back alone and answered with its error while the
 * others commit. An error that ends the transaction itself fails the whole group.
 */
function commitGroup(db: Kysely<Database>, handle: SQLite.Database, writes: readonly SubmissionWrite[]): Outcome[] {
  // better-sqlite3 would nest the group as a savepoint, committed or not by someone else.
  if (handle.inTransaction) throw new Error("A transaction is already open on the SQLite connection.");
  const now = Date.now();
  const run = <Row>(query: Compilable<Row>): Row => {
    const compiled = query.compile();
    return statementFor(handle, compiled.sql).get(...compiled.parameters) as Row;
  };
  // Called inside the outer transaction, better-sqlite3 runs this one as a savepoint.
  const storeLead = handle.transaction((write: SubmissionWrite & { lead: LeadRecord }): number => {
    const { lead, notificationAllowance } = write;
    const row = lead.kind === "contact" ? run(contactRequestInsert(db, lead.data, now)) : run(surveySubmissionInsert(db, lead.data, now));
    const message = write.outbox?.(new Date(now));
    if (message) {
      let heldUntil: number | undefined;
      if (notificationAllowance) {
        const hit = notificationHit(db, notificationAllowance, now);
        heldUntil = hit.heldUntil(run(hit.query));
      }
      run(outboxInsert(db, { kind: lead.kind, refId: row.id, message, now, heldUntil }));
    }
    return row.id;
  });
  const all = handle.transaction((): Outcome[] =>
    writes.map((write) => {
      try {
        const { key, limit, windowMs } = write.rateLimit;
        const hit = rateLimitHit(db, key, windowMs, now);
        const allowance = hit.result(run(hit.query), limit);
        if (!allowance.allowed || !write.lead) return { ok: true, result: { allowance } };
        return { ok: true, result: { allowance, stored: { id: storeLead({ ...write, lead: write.lead }) } } };
      } catch (error) {
        // SQLite rolls the whole transaction back on some errors (disk full, I/O): give up on all.
        if (!handle.inTransaction) throw error;
        return { ok: false, error };
      }
    }),
  );
  return all.immediate();
}

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** The few statement shapes above, prepared once per connection. */
function statementFor(handle: SQLite.Database, text: string): SQLite.Statement {
  let cache = statements.get(handle);
  if (!cache) {
    cache = new Map();
    statements.set(handle, cache);
  }
  let statement = cache.get(text);
  if (!statement) {
    statement = handle.prepare(text);
    cache.set(text, statement);
  }
  return statement;
}

import type { Kysely, Selectable } from "kysely";
import type { LeadBooking } from "@/lib/lead-desk";
import { type BookingsTable, type Database, isoFromMillis } from "@/server/db/schema";
import type { Interval } from "./slot-engine";

export type BookingRow = Selectable<BookingsTable>;

/** The starts and ends of live bookings that start in [from, to), sorted: the slot engine's taken times. */
export async function liveBookingIntervals(executor: Kysely<Database>, from: number, to: number): Promise<Interval[]> {
  const rows = await executor
    .selectFrom("bookings")
    .select(["start_at", "end_at"])
    .where("status", "=", "booked")
    .where("start_at", ">=", from)
    .where("start_at", "<", to)
    .orderBy("start_at")
    .execute();
  return rows.map((row) => ({ start: Number(row.start_at), end: Number(row.end_at) }));
}

/** How many live bookings still to come this person (by e-mail or phone key) holds. */
export async function countUpcomingBookingsOf(executor: Kysely<Database>, keys: { emailKey: string | null; phoneKey: string | null }, now: number): Promise<number> {
  const row = await executor
    .selectFrom("bookings")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "booked")
    .where("start_at", ">", now)
    .where((eb) =>
      eb.or([...(keys.emailKey ? [eb("email_key", "=", keys.emailKey)] : []), ...(keys.phoneKey ? [eb("phone_key", "=", keys.phoneKey)] : []), ...(!keys.emailKey && !keys.phoneKey ? [eb.lit(false)] : [])]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findBookingById(executor: Kysely<Database>, id: number): Promise<BookingRow | undefined> {
  return executor.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findBookingByTokenHash(executor: Kysely<Database>, tokenHash: string): Promise<BookingRow | undefined> {
  return executor.selectFrom("bookings").selectAll().where("manage_token_hash", "=", tokenHash).executeTakeFirst();
}

/** Bookings (every status) that start in [from, to), by start. */
export function listBookingsBetween(executor: Kysely<Database>, from: number, to: number): Promise<BookingRow[]> {
  return executor.selectFrom("bookings").selectAll().where("start_at", ">=", from).where("start_at", "<", to).orderBy("start_at").orderBy("id").execute();
}

export async function listLeadBookings(executor: Kysely<Database>, leadId: number): Promise<LeadBooking[]> {
  const rows = await executor.selectFrom("bookings").selectAll().where("lead_id", "=", leadId).orderBy("start_at", "desc").execute();
  return rows.map(toLeadBooking);
}

export function toLeadBooking(row: BookingRow): LeadBooking {
  return { id: Number(row.id), start: isoFromMillis(Number(row.start_at)), end: isoFromMillis(Number(row.end_at)), status: row.status };
}

/** A unique-index refusal: the slot was taken by a concurrent booking (SQLite and PostgreSQL codes). */
export function isSlotTakenError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

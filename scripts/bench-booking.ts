/**
 * npm run bench:booking — how fast /book's slots are computed (docs/booking.md). A new
 * SQLite database holds 1,000 future bookings; a generated busy feed of 500 events (a
 * third of them weekly recurring) is parsed once, as the 10-minute feed read does. Times
 * the slot computation for 14 days as GET /api/booking/slots runs it (live bookings read
 * from the database, the rules applied), 200 runs after 20 warm-up runs, and prints p50
 * and p95. Target (issue 30): p95 <= 20 ms.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "../src/server/db/connection";
import { offeredSlots } from "../src/server/bookings/bookable-slots";
import { defaultAvailability } from "../src/server/bookings/availability-store";
import { busyIntervalsOf } from "../src/server/bookings/busy-feed";
import { localDateAt } from "../src/server/bookings/slot-engine";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARM_UP = 20;
const ZONE = "America/New_York";

function busyFeed(now: number, events: number): string {
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN"];
  for (let n = 0; n < events; n += 1) {
    const start = now + (n % 60) * 86_400_000 + ((n * 37) % 600) * 60_000;
    lines.push("BEGIN:VEVENT", `UID:bench-${n}@example.com`, `DTSTAMP:${stamp(now)}`, `DTSTART:${stamp(start)}`, `DTEND:${stamp(start + 30 * 60_000)}`);
    if (n % 3 === 0) lines.push("RRULE:FREQ=WEEKLY;COUNT=8");
    lines.push(`SUMMARY:Busy ${n}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n");
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-booking-"));
  process.env.DATABASE_PATH = path.join(folder, "site.db");
  delete process.env.DATABASE_URL;
  try {
    const db = await getDb();
    const now = Date.now();
    const lead = await db
      .insertInto("leads")
      .values({ name: "Bench", business: null, email: "bench@example.com", email_key: "bench@example.com", phone: null, phone_key: null, lost_reason: null, lost_note: null, next_follow_up_at: null, first_submitted_at: now, last_submitted_at: now, first_response_at: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    // 1,000 live bookings over the next 60 days, on the 15-minute grid.
    const grid = Math.ceil(now / 900_000) * 900_000;
    const rows = Array.from({ length: 1000 }, (_, n) => {
      const start = grid + n * 5 * 900_000;
      return { lead_id: lead.id, start_at: start, end_at: start + 900_000, name: "Bench", email: "bench@example.com", phone: "8645550000", business: null, service: "it-support", note: null, email_key: null, phone_key: null, uid: `bench-${n}`, manage_token_hash: `hash-${n}`, created_at: now, updated_at: now };
    });
    for (let n = 0; n < rows.length; n += 100) await db.insertInto("bookings").values(rows.slice(n, n + 100)).execute();

    const busy = busyIntervalsOf(busyFeed(now, 500), now);
    const context = { availability: defaultAvailability(), busy, now };
    const from = localDateAt(now, ZONE);
    const times: number[] = [];
    let offered = 0;
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const started = performance.now();
      offered = (await offeredSlots(context, from, 14)).length;
      if (run >= WARM_UP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(2);
    console.log(`bench:booking — 14 days of slots, 1,000 future bookings, busy feed of 500 events (${busy.length} busy intervals after expansion), ${offered} slots offered`);
    console.log(`  ${RUNS} runs: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (target p95 <= 20 ms)`);
  } finally {
    await closeDb();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

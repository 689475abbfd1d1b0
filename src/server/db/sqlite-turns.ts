import path from "node:path";

/** One holder at a time, in the order they asked. */
export class Turns {
  #last: Promise<void> = Promise.resolve();

  /** Waits until every earlier turn has ended; call the function it returns to end this one. */
  async take(): Promise<() => void> {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const previous = this.#last;
    this.#last = previous.then(() => ended);
    await previous;
    return end;
  }
}

const turnsByFile = new Map<string, Turns>();

/**
 * The turns on a SQLite file shared by every Kysely instance this process opens on it.
 * better-sqlite3 waits for a lock synchronously (busy_timeout), blocking the thread, so
 * an instance waiting for the write lock that another instance of the same process holds
 * across an await would stall the very thread that has to release it, and fail with
 * SQLITE_BUSY. Taking turns, they wait asynchronously instead, as the queries of one
 * instance already do on its single connection. Other processes are not affected: they
 * wait on SQLite's lock in their own threads. An in-memory database is never shared.
 */
export function sqliteFileTurns(file: string): Turns {
  if (file === ":memory:") return new Turns();
  const key = path.resolve(file);
  let turns = turnsByFile.get(key);
  if (!turns) {
    turns = new Turns();
    turnsByFile.set(key, turns);
  }
  return turns;
}

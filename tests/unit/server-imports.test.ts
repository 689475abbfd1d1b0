import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { arrowsBackUp, circles, folderOf, importGraph, walkFrom } from "../../scripts/source-imports";

/*
 * The layout of src/server (docs/house-style.md): each feature owns its queries, db/ is only the engine. Read from
 * the source with the TypeScript compiler (scripts/source-imports.ts), type-only imports included.
 */
const graph = importGraph("src/server", true);

describe("src/server's imports", () => {
  it("db/ imports no feature", () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      folderOf(file) === "db" ? targets.filter((target) => target.includes("/src/server/") && folderOf(target) !== "db").map((target) => `${file} -> ${target}`) : [],
    );
    expect(upward).toEqual([]);
  });

  it("decides the engine only in db/: no feature asks which engine it runs on or passes it along", () => {
    const asking = [...graph.keys()].filter((file) => folderOf(file) !== "db" && /\b(engineOf|DbEngine)\b/.test(readFileSync(file, "utf8")));
    expect(asking).toEqual([]);
  });

  it("writes leads and their submissions only in the lead module (leads/); the migrations are history", () => {
    const writes = /\b(insertInto|updateTable|deleteFrom)\(\s*"(leads|contact_requests|survey_submissions)"/;
    const writers = [...graph.keys()].filter((file) => folderOf(file) !== "leads" && !file.includes("/src/server/db/migrations/") && writes.test(readFileSync(file, "utf8")));
    expect(writers).toEqual([]);
  });

  it("has no import circles", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("has at most one arrow back up between feature folders", () => {
    expect(arrowsBackUp(graph).length).toBeLessThanOrEqual(1);
  });

  it("walks a contact request through at most 20 files, the start-up's migrations left out", () => {
    const walk = walkFrom("src/pages/api/contact.ts", ["src/server/db/migrations"]).filter((file) => file.startsWith("src/server/") || file.startsWith("src/pages/"));
    expect(walk).toContain("src/server/leads/receive-lead.ts");
    // The request queues what the lead sends (leads/lead-notifications.ts) and wakes the worker through the outbox
    // (mail/mail-outbox.ts's kickOutbox); the senders, the digest, web-push's devices and VAPID keys are the worker's.
    expect(walk).not.toContain("src/server/mail/outbox-worker.ts");
    expect(walk.length).toBeLessThanOrEqual(20);
  });

  it("keeps every migration away from today's rules: a migration imports only kysely, the dialect and its frozen copies", () => {
    const imports = [...graph].flatMap(([file, targets]) => (file.includes("/src/server/db/migrations/") ? targets.map((target) => [file, target] as const) : []));
    expect(imports.length).toBeGreaterThan(0);
    const outside = imports.filter(([, target]) => !target.includes("/src/server/db/migrations/") && !target.endsWith("/src/server/db/dialect.ts"));
    expect(outside).toEqual([]);
  });
});

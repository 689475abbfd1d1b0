import { execSync } from "node:child_process";
import { arrowsBackUp, circles, importGraph, walkFrom } from "./source-imports";

/**
 * Prints the figures of the server's layout: the files under src/ one contact request runs through (runtime imports
 * from src/pages/api/contact.ts, type-only imports left out; counted are the route and the files under src/server it
 * reaches, the shared src/lib and src/content files are printed apart), the line count of src/server, the import circles and the
 * arrows back up (circles and arrows count type-only imports too: they still tie the files together). Usage: npx tsx scripts/import-walk.ts [entry] [--list]
 */
const entry = process.argv.slice(2).find((argument) => !argument.startsWith("--")) ?? "src/pages/api/contact.ts";
const walk = walkFrom(entry);
const graph = importGraph("src/server", true);
const found = circles(graph);
const arrows = arrowsBackUp(graph);
const serverWalk = walk.filter((file) => file.startsWith("src/server/") || file === entry);
// The migrations run once, when the process first connects; a request never runs them.
const requestWalk = walkFrom(entry, ["src/server/db/migrations"]).filter((file) => file.startsWith("src/server/") || file === entry);
const lines = execSync("find src/server -name '*.ts*' -print0 | xargs -0 cat | wc -l", { encoding: "utf8" }).trim();
console.log(`walk of ${entry}: ${serverWalk.length} files (the route and src/server), ${walk.length} under src/ with lib and content`);
console.log(`  of which the request itself (the start-up's migrations, src/server/db/migrations/, left out): ${requestWalk.length} files`);
if (process.argv.includes("--list")) for (const file of requestWalk) console.log(`  ${file}`);
console.log(`src/server: ${lines} lines in ${graph.size} files`);
console.log(`circles: ${found.length}`);
for (const circle of found) console.log(`  ${circle.join(" <-> ")}`);
console.log(`arrows back up: ${arrows.length}`);
for (const { arrow, imports } of arrows) console.log(`  ${arrow}: ${imports.join(", ")}`);

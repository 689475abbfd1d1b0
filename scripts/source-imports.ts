import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The static import graph of src/, read with the TypeScript compiler: one edge per `import … from` or
 * `export … from` whose target resolves to a file under src/. Type-only imports (`import type`, or an import whose
 * every name is `type`) are left out, because they vanish from the built code and run nothing.
 */
export type ImportGraph = Map<string, string[]>;

const projectRoot = path.resolve(import.meta.dirname, "..");
const sourceRoot = path.join(projectRoot, "src");
const extensions = [".ts", ".tsx", ".mts", ".js", ".mjs", ".astro"];

function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(sourceRoot, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return undefined;
  const candidates = [base, ...extensions.map((extension) => base + extension), ...extensions.map((extension) => path.join(base, "index" + extension))];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // a bare `import "x"` runs x
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** Imports of one file that land under src/, as absolute paths: runtime imports, and type-only ones when asked. */
export function importsOf(file: string, withTypes = false): string[] {
  const text = readFileSync(file, "utf8");
  const source = file.endsWith(".astro") ? (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "") : text;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = new Set<string>();
  for (const statement of tree.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier) || (!withTypes && isTypeOnly(statement))) continue;
    const target = resolveSpecifier(file, statement.moduleSpecifier.text);
    if (target) found.add(target);
  }
  return [...found];
}

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The graph of every .ts/.tsx file under one folder of src/ (imports leaving the folder are kept as edges). */
export function importGraph(folder = "src/server", withTypes = false): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of listFiles(path.join(projectRoot, folder))) graph.set(file, importsOf(file, withTypes));
  return graph;
}

/**
 * Every file under src/ reached from `entry` by runtime imports, the entry included. Files under a folder of `skip`
 * are neither counted nor walked through.
 */
export function walkFrom(entry: string, skip: readonly string[] = []): string[] {
  const start = path.resolve(projectRoot, entry);
  const skipped = skip.map((folder) => path.resolve(projectRoot, folder) + path.sep);
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of importsOf(file)) {
      if (skipped.some((folder) => target.startsWith(folder))) continue;
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return [...seen].map((file) => path.relative(projectRoot, file)).sort();
}

/** The feature folder of a file under src/server ("db", "leads", …; "" for files at the top). */
export function folderOf(file: string): string {
  const relative = path.relative(path.join(sourceRoot, "server"), file);
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0]! : "";
}

/** Import circles between files (strongly connected components of more than one file, or a file importing itself). */
export function circles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.map((name) => path.relative(projectRoot, name)).sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/**
 * Arrows back up, counted between folders of src/server: db/ (the engine, at the bottom) importing any feature folder,
 * and, for two feature folders that import each other, the direction carried by fewer file imports (the one that runs
 * against the layering). Each arrow lists the file imports that make it.
 */
export function arrowsBackUp(graph: ImportGraph): { arrow: string; imports: string[] }[] {
  const between = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      if (!graph.has(target)) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to || from === "" || to === "") continue;
      const key = `${from} -> ${to}`;
      between.set(key, [...(between.get(key) ?? []), `${path.relative(projectRoot, file)} -> ${path.relative(projectRoot, target)}`]);
    }
  }
  const arrows: { arrow: string; imports: string[] }[] = [];
  for (const [arrow, imports] of between) {
    const [from, to] = arrow.split(" -> ") as [string, string];
    const back = between.get(`${to} -> ${from}`);
    const upward = from === "db" || (to !== "db" && back !== undefined && (imports.length < back.length || (imports.length === back.length && from < to)));
    if (upward) arrows.push({ arrow, imports: imports.sort() });
  }
  return arrows.sort((a, b) => a.arrow.localeCompare(b.arrow));
}

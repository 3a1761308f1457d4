// Import boundaries (part of `npm run lint`; ARCHITECTURE.md states them in prose):
//   - src/shared imports neither src/server nor src/client; src/client never imports src/server,
//     src/server never imports src/client.
//   - A feature of the server (FEATURES) is used from outside only through its index.ts.
//   - The server's shared modules (http, db, credits, ai, cpu, …) import no feature, except the CPU
//     pool's task table and the composition roots (ROOTS), which wire the features together.
//   - No cycle between the server's parts at run time (type-only imports are left out).
//   - The model layer (ai/) knows nothing of credits: not even a type from credits/ (NEVER).
//   - No cycle between files of src/shared or of src/client, counting every import (type-only and
//     lazy ones too): each such module can be read, and moved, on its own.
//   - No shipped file imports yoastseo (GPL-3.0, a devDependency for src/server/seo/yoast.test.ts).
// Tests and test helpers (*.test.ts, testing/) may reach anywhere. Exits 1 on a violation.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const FEATURES = new Set([
  "account",
  "admin",
  "auth",
  "batches",
  "billing",
  "detection",
  "documents",
  "publishing",
  "seo",
  "writing",
]);
/** Files that build the app out of every part. */
const ROOTS = new Set(["app.ts", "deps.ts", "boot.ts", "main.ts", "worker.ts"]);
/** Shared modules allowed to use features (through their index): the worker's task table. */
const MAY_USE_FEATURES = new Set(["cpu/tasks.ts", "cpu/detector.ts"]);
/** Server parts that may not import another at all, type-only imports included. */
const NEVER = new Map([["ai", new Set(["credits"])]]);

const SRC = resolve("src");
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "testing" && name !== "node_modules") walk(p);
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(p);
  }
})(SRC);

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const errors = [];
const edges = new Map(); // server part -> Set(part) (run-time imports only)
const fileEdges = new Map(); // shared or client file -> Set(file of the same side), every import

function resolveTarget(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {}
  }
  return base;
}

for (const file of files) {
  const rel = relative(SRC, file).replaceAll("\\", "/");
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4];
    // yoastseo is GPL-3.0 and a devDependency for the comparison test only (docs/decisions.md).
    if (/^yoastseo(\/|$)/.test(spec)) errors.push(`${relative(SRC, file)}: imports ${spec} (tests only: GPL-3.0)`);
    if (!spec.startsWith(".")) continue;
    const typeOnly = Boolean(m[2]);
    const target = relative(SRC, resolveTarget(file, spec)).replaceAll("\\", "/");
    const [fromTop, ...fromRest] = rel.split("/");
    const [toTop, ...toRest] = target.split("/");
    const say = (why) => errors.push(`${rel}: imports ${target} (${why})`);
    if ((fromTop === "shared" || fromTop === "client") && toTop === fromTop && /\.tsx?$/.test(target)) {
      if (!fileEdges.has(rel)) fileEdges.set(rel, new Set());
      fileEdges.get(rel).add(target);
    }
    if (fromTop === "shared" && toTop !== "shared") say("src/shared must stay independent of server and client");
    if (fromTop === "client" && toTop === "server") say("the client never imports server code");
    if (fromTop === "server" && toTop === "client") say("the server never imports client code");
    if (fromTop !== "server" || toTop !== "server") continue;

    const fromPart = fromRest.length > 1 ? fromRest[0] : null; // null: a file directly in src/server
    const toPart = toRest.length > 1 ? toRest[0] : null;
    const fromPath = fromRest.join("/");
    if (!toPart || fromPart === toPart) continue;
    if (NEVER.get(fromPart)?.has(toPart)) say(`${fromPart}/ may not depend on ${toPart}/, not even for a type`);
    if (FEATURES.has(toPart)) {
      const root = fromPart === null && ROOTS.has(fromPath);
      if (!root && !/^index(\.ts)?$/.test(toRest.slice(1).join("/"))) say(`use ${toPart}/index.ts, not its internals`);
      if (!root && fromPart && !FEATURES.has(fromPart) && !MAY_USE_FEATURES.has(fromPath))
        say(`${fromPart}/ is a shared module and may not depend on the ${toPart} feature`);
    }
    if (fromPart && !typeOnly) {
      if (!edges.has(fromPart)) edges.set(fromPart, new Set());
      edges.get(fromPart).add(toPart);
    }
  }
}

// Cycles (depth-first search, each cycle reported once).
function reportCycles(graph, what) {
  const seen = new Set();
  const done = new Set(); // nodes whose every path was explored without meeting the current path
  function dfs(node, path) {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = path.slice(at);
        const key = [...cycle].sort().join(",");
        if (!seen.has(key)) {
          seen.add(key);
          errors.push(`cycle between ${what}: ${[...cycle, next].join(" → ")}`);
        }
      } else if (!done.has(next) && path.length < 40) dfs(next, [...path, next]);
    }
    if (path.length === 1) done.add(node);
  }
  for (const node of graph.keys()) dfs(node, [node]);
}
reportCycles(edges, "server parts");
reportCycles(fileEdges, "files of src/shared or src/client");

if (errors.length > 0) {
  console.error(`Import boundaries: ${errors.length} violation(s) (see ARCHITECTURE.md)`);
  for (const e of errors) console.error(`  ${e}`);
  process.exit(1);
}
console.log(`Import boundaries: ${files.length} files checked, no violation.`);

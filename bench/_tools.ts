// The tools only the benchmarks use (Lighthouse, chrome-launcher, autocannon) are not in the
// project's package.json, so `npm install` on a newcomer's machine never fetches them (Lighthouse
// alone brings about 250 packages). They have their own package.json and lockfile in bench/ and
// are installed there, pinned, the first time a bench needs them (`npm ci --prefix bench`), and
// again whenever bench/package-lock.json changes.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const BENCH = fileURLToPath(new URL(".", import.meta.url));
const LOCK = `${BENCH}package-lock.json`;
const STAMP = `${BENCH}node_modules/.draftsmith-lock`;

/** Installs bench/package.json's tools when they are missing or older than its lockfile. */
export function ensureBenchTools(): void {
  const want = createHash("sha256").update(readFileSync(LOCK)).digest("hex");
  if (existsSync(STAMP) && readFileSync(STAMP, "utf8") === want) return;
  console.error("Installing the benchmarks' own tools (bench/package.json: Lighthouse, autocannon)…");
  execFileSync("npm", ["ci", "--prefix", BENCH, "--no-audit", "--no-fund"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  writeFileSync(STAMP, want);
}

/**
 * One of those tools, installed first if needed. Loaded by name at run time, so the project
 * type-checks without them; each caller states the little of the tool's API it uses.
 */
export async function benchTool<T>(name: string): Promise<T> {
  ensureBenchTools();
  return (await import(name)) as T;
}

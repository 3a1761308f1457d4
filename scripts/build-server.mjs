// Bundles the server into dist/server/main.js and the CPU pool's worker thread into
// dist/server/cpu-worker.js beside it (packages stay external: PGlite loads its WASM from its own
// folder), and copies the migrations beside them.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

// DIST_DIR lets parallel builds (e.g. two engineers' browser tests) keep out of each other's way.
const dist = process.env.DIST_DIR ?? "dist";

rmSync(`${dist}/server`, { recursive: true, force: true });
await build({
  entryPoints: { main: "src/server/main.ts", "cpu-worker": "src/server/cpu/worker.ts" },
  outdir: `${dist}/server`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("src/server/db/migrations", `${dist}/server/migrations`, { recursive: true });

// Bundles the server into dist/server/main.js (packages stay external: PGlite loads its WASM from
// its own folder) and copies the migrations beside it.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

// DIST_DIR lets parallel builds (e.g. two engineers' browser tests) keep out of each other's way.
const dist = process.env.DIST_DIR ?? "dist";

rmSync(`${dist}/server`, { recursive: true, force: true });
await build({
  entryPoints: ["src/server/main.ts"],
  outfile: `${dist}/server/main.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("src/server/db/migrations", `${dist}/server/migrations`, { recursive: true });

// Bundles the server into dist/server/server.js (started by a small main.js) and the CPU pool's worker thread into
// dist/server/cpu-worker.js beside it, dependencies included: Node then reads a few files (the
// entries and the chunks they share) instead of resolving and compiling thousands of modules (most
// of start-up was module loading); what is imported at its first use is a file of its own. A few
// packages stay external, loaded from node_modules: PGlite (loads its WASM and data files from its
// own folder), piscina (starts its own worker script by path), pino and sonic-boom (pino resolves
// transports such as pino-pretty by name at run time) and pg's optional native binding. Copies the
// migrations beside them.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";
import { SERVER_BUNDLE } from "./server-bundle.mjs";

// DIST_DIR lets parallel builds (e.g. two engineers' browser tests) keep out of each other's way.
const dist = process.env.DIST_DIR ?? "dist";

rmSync(`${dist}/server`, { recursive: true, force: true });
await build({
  entryPoints: {
    server: "src/server/main.ts",
    "cpu-worker": "src/server/cpu/worker.ts",
    "batch-worker": "src/server/worker.ts",
  },
  outdir: `${dist}/server`,
  ...SERVER_BUNDLE,
  sourcemap: true,
  // Code loaded with import() at its first use (Stripe, nodemailer, undici) goes into files of its
  // own, read only then; code the entries share goes into shared files. Beside the entries, not in a
  // folder: paths made from import.meta.url (the migrations, the template, the CPU pool's worker)
  // must mean the same folder in every file.
  splitting: true,
});
// main.js, the entry `npm start` runs (src/server/entry.ts): checks the Node version before anything
// else is loaded, turns on V8's compile cache (Node's module.enableCompileCache) and loads server.js.
await build({
  entryPoints: { main: "src/server/entry.ts" },
  outdir: `${dist}/server`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node18",
  logLevel: "warning",
});
cpSync("src/server/db/migrations", `${dist}/server/migrations`, { recursive: true });
// The detector's weights, read at its first text (detection/builtin.ts), not bundled.
cpSync("src/server/detection/model.json", `${dist}/server/model.json`);

// A migrated PGlite data directory, shipped beside main.js (pglite-template/, 41 MB; kept as its
// tar.gz in the cache): a fresh DATA_DIR is a copy of it
// instead of running initdb (WASM, several seconds) and every migration. It holds pg-boss's schema
// too, as pg-boss would install it on PGlite (the same tables, indexes and functions), so the
// queue's first start does not block the event loop for a second while the server answers its
// first requests. Made once per set of migrations, PGlite and pg-boss version (cached in
// node_modules/.cache), copied into each build.
{
  const { createHash } = await import("node:crypto");
  const { existsSync, mkdirSync, readFileSync, readdirSync, renameSync } = await import("node:fs");
  const migrations = "src/server/db/migrations";
  const hash = createHash("sha256")
    .update(readFileSync("node_modules/@electric-sql/pglite/package.json"))
    .update(readFileSync("node_modules/pg-boss/package.json"));
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort())
    if (/\.(sql|json)$/.test(file)) hash.update(file).update(readFileSync(`${migrations}/${file}`));
  const cacheDir = "node_modules/.cache/draftsmith";
  // "shut down": the template is a data dir PGlite closed, not a dump of a running one.
  hash.update("shut down");
  const cached = `${cacheDir}/pglite-template-${hash.digest("hex").slice(0, 16)}.tar.gz`;
  if (!existsSync(cached)) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const { create } = await import("tar");
    // Made in a folder and closed there, so the template's cluster state is "shut down": a dump of the
    // running database (dumpDataDir) said "in production", and every fresh start then ran PostgreSQL's
    // crash recovery and its end-of-recovery checkpoint (~0.3 s of each; docs/decisions.md, "Start-up").
    const made = `${cacheDir}/pglite-template.${process.pid}`;
    rmSync(made, { recursive: true, force: true });
    mkdirSync(made, { recursive: true });
    try {
      const client = new PGlite({ dataDir: made });
      await migrate(drizzle({ client }), { migrationsFolder: migrations });
      const { getConstructionPlans } = await import("pg-boss");
      await client.exec(getConstructionPlans("pgboss", { backend: "pglite" }));
      await client.close();
      const partial = `${cached}.${process.pid}`;
      create({ gzip: true, file: partial, cwd: made, sync: true, portable: true }, readdirSync(made));
      renameSync(partial, cached);
    } finally {
      rmSync(made, { recursive: true, force: true });
    }
  }
  // Shipped unpacked, so a fresh start copies files rather than unpacking them (0.15–0.4 s against
  // 0.6–0.9 s: docs/decisions.md, "Start-up").
  const { extract } = await import("tar");
  const template = `${dist}/server/pglite-template`;
  rmSync(template, { recursive: true, force: true });
  mkdirSync(template);
  extract({
    file: cached,
    cwd: template,
    sync: true,
    onwarn: (code, message) => {
      if (code !== "TAR_ENTRY_INFO") throw new Error(`${cached}: ${code} ${message}`);
    },
  });
  if (!existsSync(`${template}/PG_VERSION`)) throw new Error(`${cached} holds no PG_VERSION`);
  // pg_control's cluster state (after the system identifier and two version numbers): 1 is "shut down".
  const state = readFileSync(`${template}/global/pg_control`).readUInt32LE(16);
  if (state !== 1) throw new Error(`${cached}: the template's cluster state is ${state}, not 1 (shut down)`);
}

// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Both run
// the same drizzle-kit migrations at start-up; both are used through the same Drizzle API.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeSync,
} from "node:fs";
import { copyFile, mkdir, readdir } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, protocol, type Transaction, types } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "pg";
  close(): Promise<void>;
}

// Beside this file in the source tree, beside main.js in the build (scripts/build-server.mjs copies it).
const MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));
const MIGRATION_LOCK = 72_231_001; // pg_advisory_lock key: one migrator at a time across processes
// Beside main.js in the build (scripts/build-server.mjs makes it): a migrated PGlite data dir.
const PGLITE_TEMPLATE = fileURLToPath(new URL("./pglite-template", import.meta.url));

/**
 * PGlite's start-up arguments: its own, with a 16 MB buffer pool instead of PostgreSQL's 128 MB.
 * The pool is WASM memory that PostgreSQL fills at every start: 128 MB took ~0.5 s of a 1 s start
 * on a slow machine, and as much RSS. The embedded database is for one small installation, whose
 * pages beyond the pool are read from the operating system's file cache; a large one runs on
 * PostgreSQL (DATABASE_URL).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

export class DataDirLockedError extends Error {}

/** DATA_DIR cannot hold a new embedded database: said to the operator in one line, no stack. */
export class DataDirUnusableError extends Error {}

/** PGlite is one process's database: a second process opening DATA_DIR would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, "draftsmith.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(readFileSync(lockFile, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${resolve(dataDir)} is in use by another Draftsmith process (pid ${pid}). ` +
            "Stop that process first (or run against PostgreSQL with DATABASE_URL, which many processes can share).",
        );
      }
      rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${resolve(dataDir)}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The type ids drizzle-orm/pglite's session reads as text (its `parsers` option): timestamp,
 * timestamptz, interval, date, and numeric[], timestamp[], timestamptz[], interval[], date[].
 * drizzle-orm is pinned exactly (package.json); db/internals.test.ts fails if an upgrade changes the list.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

/**
 * Drizzle passes the same `parsers` option with every PGlite query (dates, timestamps, intervals and
 * their arrays kept as text), and PGlite then copies its whole type-parser map on every query (a
 * tenth of the hot path's CPU). Installed once on the client, with the option dropped, every query
 * parses the same way without the copy. After `waitReady`, so PGlite's own array parsers (set at
 * start) don't replace Drizzle's.
 */
export function installDrizzleParsers(client: PGlite): void {
  const asText = (value: string) => value;
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const withoutParsers = <O extends { parsers?: unknown }>(options?: O): O | undefined =>
    options?.parsers ? { ...options, parsers: undefined } : options;
  const query = client.query.bind(client);
  client.query = ((text, params, options) => query(text, params, withoutParsers(options))) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text, params, options) => txQuery(text, params, withoutParsers(options))) as Transaction["query"];
      return work(tx);
    })) as PGlite["transaction"];
}

/** A SELECT prepared once and then run by name: its rows, each an array of the columns' values. */
export type PreparedSelect = (params: string[]) => Promise<unknown[][]>;

/**
 * A hot SELECT as a named prepared statement: parsed and planned once, then each run is one bind
 * and execute, with no query builder in between. On PostgreSQL, node-postgres prepares it once per
 * pooled connection (values typed by its parsers: int4 a number). On PGlite, whose `query` parses,
 * describes and plans the text on every call (six calls into the WASM engine), the statement is
 * parsed once and each run is a single protocol message (values as text); it takes PGlite's
 * transaction and query locks as `query` does, so it never runs inside another caller's
 * transaction.
 */
export function preparedSelect(db: Db, name: string, text: string): PreparedSelect {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (!(client instanceof PGlite)) {
    const pool = client as pg.Pool;
    return async (values) => (await pool.query({ name, text, values, rowMode: "array" })).rows;
  }
  const exclusive = pgliteExclusive(client);
  if (!exclusive) {
    // A PGlite without these internals: its public query, correct if slower.
    return async (values) => (await client.query<unknown[]>(text, values, { rowMode: "array" })).rows;
  }
  const { serialize } = protocol;
  let parsed: Promise<unknown> | undefined;
  const parse = () => {
    parsed ??= client.execProtocol(concatBytes([serialize.parse({ name, text }), serialize.sync()])).catch((err) => {
      parsed = undefined;
      throw err;
    });
    return parsed;
  };
  return (values) =>
    exclusive(async () => {
      await parse();
      // Sync in the same message: after an error the engine skips to it and is ready again.
      const { messages } = await client.execProtocol(
        concatBytes([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
      );
      const rows: unknown[][] = [];
      for (const m of messages) if (m.name === "dataRow") rows.push((m as unknown as { fields: unknown[] }).fields);
      return rows;
    });
}

/**
 * Runs `fn` under PGlite's transaction lock and then its query lock, as `query` does, through
 * PGlite's private `_runExclusiveTransaction` and `_runExclusiveQuery` (PGlite 0.5; the package is
 * pinned exactly in package.json, and db/internals.test.ts fails when an upgrade moves them).
 * undefined when they are gone.
 */
export function pgliteExclusive(client: PGlite): (<T>(fn: () => Promise<T>) => Promise<T>) | undefined {
  const locks = client as unknown as {
    _runExclusiveTransaction?: <T>(fn: () => Promise<T>) => Promise<T>;
    _runExclusiveQuery?: <T>(fn: () => Promise<T>) => Promise<T>;
  };
  const { _runExclusiveTransaction: inTransactionLock, _runExclusiveQuery: inQueryLock } = locks;
  if (typeof inTransactionLock !== "function" || typeof inQueryLock !== "function") return undefined;
  return <T>(fn: () => Promise<T>) => inTransactionLock.call(client, () => inQueryLock.call(client, fn)) as Promise<T>;
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * Whether the last migration of the journal is already applied (drizzle's own test: a migration
 * runs when its `when` is later than the newest `created_at`). Drizzle's migrator reads and hashes
 * every migration file and runs its DDL even when nothing is left to do (~0.2 s of a PGlite start).
 */
async function pgliteMigrationsApplied(client: PGlite): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    const last = Math.max(...journal.entries.map((e) => e.when));
    const { rows } = await client.query<{ created_at: string }>(
      "SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations",
    );
    return Number(rows[0]?.created_at) >= last;
  } catch {
    return false; // no migrations table yet (a new database), or an unreadable journal: migrate
  }
}

/**
 * Copies the build's template, a migrated data dir, into `dir`: every file at once, on libuv's
 * threads (0.15–0.4 s here, where unpacking the same from a tar.gz with node-tar took 0.6–0.9 s and
 * PGlite's `loadDataDir`, through its WASM file system, 2.5 s). Copied beside `dir` and renamed into
 * place, so a start cut short leaves no half a database behind.
 */
async function copyTemplate(dir: string, template: string): Promise<void> {
  // One holding anything is not copied over.
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new DataDirUnusableError(
      `${dir} holds files but no database (no PG_VERSION): move it away, or set DATA_DIR to another folder, and start again.`,
    );
  const partial = `${dir}.copying-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    try {
      if (!existsSync(join(template, "PG_VERSION"))) throw new Error("no PG_VERSION");
      await copyTree(template, partial);
    } catch (err) {
      throw new DataDirUnusableError(
        `The database template ${template} could not be copied (${err instanceof Error ? err.message : String(err)}): build the app again with npm run build.`,
      );
    }
    // An empty folder made by an earlier start (or by hand) gives way.
    if (existsSync(dir)) rmdirSync(dir);
    renameSync(partial, dir);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** Copies the folder `from` to a new folder `to`: its folders first, then every file side by side. */
async function copyTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const paths = (kind: "folder" | "file") =>
    entries
      .filter((entry) => (kind === "folder" ? entry.isDirectory() : !entry.isDirectory()))
      .map((entry) => relative(from, join(entry.parentPath, entry.name)));
  const odd = entries.find((entry) => !entry.isDirectory() && !entry.isFile());
  if (odd) throw new Error(`${relative(from, join(odd.parentPath, odd.name))} is not a file`);
  await mkdir(to, { recursive: true });
  for (const folder of paths("folder")) await mkdir(join(to, folder), { recursive: true });
  // Every copy settles before this returns, so a failure leaves none still writing into `to`.
  const copies = await Promise.allSettled(paths("file").map((file) => copyFile(join(from, file), join(to, file))));
  const failed = copies.find((copy) => copy.status === "rejected");
  if (failed) throw failed.reason;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** A migrated data dir to copy for a fresh `dataDir`: the build's, unless a test names one. */
  template?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client whose server went away reports here; the next query reports it to its caller.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db, kind: "pg", close: () => pool.end() };
  }

  const unlock = opts.memory ? () => {} : lockDataDir(opts.dataDir ?? "./data");
  try {
    const dir = opts.memory ? undefined : join(opts.dataDir ?? "./data", "pglite");
    // A fresh data dir starts from the build's migrated template when there is one, not from initdb.
    const template = opts.template ?? PGLITE_TEMPLATE;
    if (dir && !existsSync(join(dir, "PG_VERSION")) && existsSync(template)) await copyTemplate(dir, template);
    if (dir && !existsSync(dir)) mkdirSync(dir, { recursive: true });
    const client = new PGlite({ dataDir: dir, startParams: PGLITE_START_PARAMS });
    await client.waitReady;
    installDrizzleParsers(client);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    if (!(await pgliteMigrationsApplied(client)))
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: "pglite",
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

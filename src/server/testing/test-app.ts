// The whole app on a real database for integration tests, through `app.request(...)`:
//   const t = await createTestApp();                 // fresh in-memory PGlite, seeded
//   const t = await createTestApp({ database: "pg" }); // fresh database on TEST_DATABASE_URL's server
//   const t2 = await createTestApp({ databaseUrl: t.databaseUrl }); // a second app process on the same PostgreSQL
//   const { headers, userId } = await t.signUp("ada@example.com");
//   const res = await t.app.request("/api/billing/credits", { headers });
//   await t.close();
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type AppOptions, createApp } from "../app";
import { loadConfig } from "../config";
import { type Database, installDrizzleParsers, openDatabase, PGLITE_START_PARAMS } from "../db/client";
import * as schema from "../db/schema";
import { users } from "../db/schema";
import { seedOnce } from "../db/seed";
import { createDeps, type Deps } from "../deps";
import { createLogger } from "../logger";
import { checkAnswers } from "./answer-check";

export type TestDatabaseKind = "pglite" | "pg";

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. STRIPE_SECRET_KEY, ADMIN_EMAILS, PUBLIC_URL). */
  env?: Record<string, string | undefined>;
  /** "pglite" (default): a fresh in-memory PGlite. "pg": a fresh, randomly named database on the
   *  server of TEST_DATABASE_URL, dropped on close (throws when TEST_DATABASE_URL is unset). */
  database?: TestDatabaseKind;
  /** Join this existing PostgreSQL database as-is (another app instance on the same data): not
   *  created, not seeded again, not dropped on close. Overrides `database`. */
  databaseUrl?: string;
  /** Seed packages and the Welcome bonus campaign (default true). */
  seed?: boolean;
  /** The built client's index.html to serve (default none: API tests need no built client). */
  clientIndexHtml?: string;
  /** Draws pages at request time (createApp's pageRenderer; default the build's, which tests have none of). */
  pageRenderer?: AppOptions["pageRenderer"];
  /** The built client's page shells by path (page-shells.json; default none). */
  clientPageShells?: Record<string, string>;
  /** The CPU pool's worker module (default the app's own; cpu/testing/stalled-tasks.ts never finishes a task). */
  cpuWorker?: URL;
}

export interface SignUpOptions {
  password?: string;
  username?: string;
  /** Make the user an admin (role set in the database after sign-up). */
  admin?: boolean;
  /** Mark the e-mail verified through Better Auth, as following the link does (its hooks run:
   *  an ADMIN_EMAILS address becomes admin). */
  verified?: boolean;
}

export interface SignedUpUser {
  userId: string;
  email: string;
  token: string;
  /** The session cookie the sign-up set (`name=value`), as a browser sends it back (signUp's users). */
  cookie?: string;
  /** Bearer authorization: pass to app.request as `headers`. */
  headers: Record<string, string>;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  db: Deps["db"];
  database: Database;
  kind: TestDatabaseKind;
  /** The PostgreSQL URL of this app's database (undefined on PGlite). */
  databaseUrl: string | undefined;
  signUp(email: string, opts?: SignUpOptions): Promise<SignedUpUser>;
  /** A user row and an empty credit account, written directly: no password, no session, no
   *  sign-up campaigns. Much faster than signUp for tests that never call the API as that user. */
  insertUser(email: string, opts?: { username?: string; role?: string }): Promise<{ userId: string; email: string }>;
  close(): Promise<void>;
}

/** The installed PGlite's version, from the nearest node_modules above this file. */
function pgliteVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++, dir = dirname(dir)) {
    const manifest = join(dir, "node_modules", "@electric-sql", "pglite", "package.json");
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version ?? "unknown";
  }
  return "unknown";
}

export const TEST_PASSWORD = "correct-horse-battery";
const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";

let addressCounter = 0;

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const dataDir = mkdtempSync(join(tmpdir(), "draftsmith-test-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  let kind: TestDatabaseKind = opts.database ?? "pglite";
  let databaseUrl: string | undefined;
  let fresh = true;
  if (opts.databaseUrl) {
    kind = "pg";
    databaseUrl = opts.databaseUrl;
    fresh = false;
  } else if (kind === "pg") {
    const server = process.env.TEST_DATABASE_URL;
    if (!server) throw new Error("TEST_DATABASE_URL is not set: the PostgreSQL variant of this test cannot run");
    const created = await createFreshDatabase(server);
    databaseUrl = created.url;
    cleanups.push(created.drop);
  }

  try {
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: TEST_SECRET,
      // signUp() gives each sign-up its own client address, so the per-address limit stays out of the way.
      TRUST_PROXY: "true",
      ...opts.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const database = databaseUrl ? await openDatabase({ databaseUrl }) : await openMigratedPglite();
    cleanups.unshift(() => database.close());
    if (fresh && opts.seed !== false) await seedOnce(database.db, { welcomeBonusCredits: config.welcomeBonusCredits });
    const deps = createDeps(config, database, createLogger("silent"), { cpuWorker: opts.cpuWorker });
    cleanups.unshift(() => deps.cpu.close());
    const clientDir = join(dataDir, "client"); // empty unless a test gives an index.html
    mkdirSync(clientDir);
    if (opts.clientIndexHtml !== undefined) writeFileSync(join(clientDir, "index.html"), opts.clientIndexHtml);
    if (opts.clientPageShells)
      writeFileSync(join(clientDir, "page-shells.json"), JSON.stringify(opts.clientPageShells));
    // Every answer is checked against its route's declared schema, or the error contract (answer-check.ts).
    const app = checkAnswers(createApp(deps, { clientDir, pageRenderer: opts.pageRenderer }));

    const signUp = async (email: string, signUpOpts: SignUpOptions = {}): Promise<SignedUpUser> => {
      addressCounter += 1;
      const address = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
      const res = await app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({
          email,
          password: signUpOpts.password ?? TEST_PASSWORD,
          ...(signUpOpts.username ? { username: signUpOpts.username } : {}),
        }),
      });
      const body = (await res.json()) as { user?: { id: string }; token?: string; error?: string };
      const token = res.headers.get("set-auth-token") ?? body.token;
      if (res.status !== 200 || !body.user || !token)
        throw new Error(`sign-up of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
      if (signUpOpts.verified)
        await (await deps.auth.$context).internalAdapter.updateUser(body.user.id, { emailVerified: true });
      if (signUpOpts.admin) await database.db.update(users).set({ role: "admin" }).where(eq(users.id, body.user.id));
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      return { userId: body.user.id, email, token, cookie, headers: { authorization: `Bearer ${token}` } };
    };

    const insertUser = async (email: string, userOpts: { username?: string; role?: string } = {}) => {
      const userId = `test-${randomBytes(9).toString("hex")}`;
      const username = userOpts.username ?? `${email.split("@")[0]?.replace(/[^\w.-]/g, "_")}_${userId.slice(-6)}`;
      await database.db
        .insert(users)
        .values({ id: userId, name: username, email, username, role: userOpts.role ?? "user" });
      await deps.ledger.ensureAccount(userId);
      return { userId, email };
    };

    let closed = false;
    return {
      app,
      deps,
      db: database.db,
      database,
      kind,
      databaseUrl,
      signUp,
      insertUser,
      close: async () => {
        if (closed) return;
        closed = true;
        await runCleanups(cleanups);
      },
    };
  } catch (err) {
    await runCleanups(cleanups);
    throw err;
  }
}

async function runCleanups(cleanups: Array<() => Promise<void> | void>) {
  for (const cleanup of cleanups) {
    try {
      await cleanup();
    } catch {
      // best effort: one failed cleanup must not hide the others
    }
  }
}

/**
 * A fresh in-memory PGlite with the migrations applied. Booting PGlite and migrating takes seconds
 * on a busy machine; loading a migrated snapshot takes about half a second. The snapshot is kept
 * per process and in the OS temp folder, keyed by the migrations and the PGlite version, so a changed
 * migration makes a new one.
 */
async function openMigratedPglite(): Promise<Database> {
  const client = new PGlite({ loadDataDir: await migratedSnapshot(), startParams: PGLITE_START_PARAMS });
  await client.waitReady;
  installDrizzleParsers(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database["db"];
  // Any migration newer than the snapshot (a no-op when it is current).
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS });
  return { db, kind: "pglite", close: () => client.close() };
}

let snapshot: Promise<Blob> | undefined;

/** The migrated data dir the in-memory test databases start from, as an uncompressed tar. */
export function migratedSnapshot(): Promise<Blob> {
  snapshot ??= loadOrMakeSnapshot();
  return snapshot;
}
const MIGRATIONS = fileURLToPath(new URL("../db/migrations", import.meta.url));

async function loadOrMakeSnapshot(): Promise<Blob> {
  const hash = createHash("sha256").update(pgliteVersion());
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  const cacheFile = join(tmpdir(), `draftsmith-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (existsSync(cacheFile)) {
    try {
      return new Blob([readFileSync(cacheFile)]);
    } catch {
      // unreadable: make a new one
    }
  }
  const client = new PGlite();
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const partial = `${cacheFile}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, cacheFile); // atomic: a parallel worker never reads half a file
  } catch {
    rmSync(partial, { force: true });
  }
  return dump;
}

/** Creates `draftsmith_test_<random>` on the server of `serverUrl`; `drop` removes it (forcing out stragglers). */
export async function createFreshDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `draftsmith_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        // A closed pool's sockets may still be saying goodbye: wait for them rather than killing them
        // (a killed connection raises an uncaught error in the closing client), and force only at the end.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 40 ? " WITH (FORCE)" : ""}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== "55006" || attempt >= 40) throw err;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

// What the server and the admin command share at start: read the settings (the environment, then
// `.env`), open the database and seed it once. An operator's mistake (a bad setting, a DATA_DIR another process holds, a database
// that is not there or not running) is printed as one line saying what to do, and answered with
// null — never a stack.
import { resolveAuthSecret } from "./auth/secret";
import { type Config, ConfigError, loadConfig } from "./config";
import { type Database, DataDirLockedError, DataDirUnusableError, openDatabase } from "./db/client";
import { seedOnce } from "./db/seed";
import { loadEnvFile } from "./env-file";

/** Milliseconds each start-up phase took, for the debug log. */
export type Phases = Record<string, number>;

/** Times `work` into `phases[name]`. */
export async function timed<T>(phases: Phases, name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    phases[name] = Math.round(performance.now() - started);
  }
}

export async function openConfiguredDatabase(phases: Phases = {}): Promise<{
  config: Config;
  database: Database;
  seeded: boolean;
} | null> {
  let databaseUrl: string | undefined;
  try {
    // `.env` in the working directory, under what the environment already sets.
    const config = await timed(phases, "config", () => {
      loadEnvFile();
      return loadConfig();
    });
    databaseUrl = config.databaseUrl;
    const database = await timed(phases, "database", () =>
      openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    );
    try {
      const seeded = await timed(phases, "seed", () =>
        seedOnce(database.db, { welcomeBonusCredits: config.welcomeBonusCredits }),
      );
      return { config, database, seeded };
    } catch (err) {
      await database.close();
      throw err;
    }
  } catch (err) {
    const message = operatorMessage(err, databaseUrl);
    if (message) {
      console.error(message);
      return null;
    }
    throw err;
  }
}

/** The one line for a start-up failure an operator can fix, or null for anything else. */
export function operatorMessage(err: unknown, databaseUrl?: string): string | null {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DataDirUnusableError)
    return err.message;
  if (!databaseUrl) return null;
  const e = err as { code?: string; message?: string };
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return null;
  }
  const host = url.hostname || "localhost";
  const port = url.port || "5432";
  const user = decodeURIComponent(url.username) || "postgres";
  const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || user;
  const where = `PostgreSQL at ${host}:${port}`;
  switch (e?.code) {
    case "3D000": // invalid_catalog_name
      return `${where} has no database "${name}". Create it with: createdb -h ${host} -p ${port} -U ${user} ${name}`;
    case "ECONNREFUSED":
      return `Cannot reach ${where} (connection refused). Start PostgreSQL, or fix the host and port in DATABASE_URL.`;
    case "ENOTFOUND":
      return `Cannot find the host "${host}" of DATABASE_URL. Fix the host name.`;
    case "28P01": // invalid_password
    case "28000": // invalid_authorization_specification
      return `${where} refused the login of "${user}". Fix the user and password in DATABASE_URL.`;
    default:
      return null;
  }
}

/** One line an operator can act on, for the listen errors a person meets. */
export function listenErrorMessage(err: NodeJS.ErrnoException, port: number): string {
  if (err.code === "EADDRINUSE")
    return `Port ${port} is already in use (another Draftsmith, or another program). Stop it, or start on a free port: PORT=${port + 1} npm start`;
  if (err.code === "EACCES")
    return `Port ${port} needs more privileges than this process has. Use a port above 1023, e.g. PORT=5000 npm start`;
  return `Could not listen on port ${port}: ${err.message}`;
}

/** The server's secret (BETTER_AUTH_SECRET, else the one kept in DATA_DIR), for the admin CLI. */
export const authSecretOf = (config: Config) => resolveAuthSecret(config.authSecret, config.dataDir);

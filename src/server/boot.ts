// What the server and the admin command share at start: read the settings, open the database and
// seed it once. An operator's mistake (a bad setting, a DATA_DIR another process holds) is printed
// as its plain message and answered with null, never a stack.
import { type Config, ConfigError, loadConfig } from "./config";
import { type Database, DataDirLockedError, openDatabase } from "./db/client";
import { seedOnce } from "./db/seed";

export async function openConfiguredDatabase(): Promise<{
  config: Config;
  database: Database;
  seeded: boolean;
} | null> {
  try {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const seeded = await seedOnce(database.db, { welcomeBonusCredits: config.welcomeBonusCredits });
      return { config, database, seeded };
    } catch (err) {
      await database.close();
      throw err;
    }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
      return null;
    }
    throw err;
  }
}

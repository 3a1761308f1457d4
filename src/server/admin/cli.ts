// The operator's commands, on the database the server uses (DATABASE_URL, or PGlite in DATA_DIR):
//   npm run admin -- promote <email>               make a user an administrator (verified or not:
//                                                  ADMIN_EMAILS waits for the address to be verified)
//   npm run admin -- demote <email>                make an administrator a plain user again
//   npm run admin -- campaign list                 show campaigns and their status
//   npm run admin -- campaign deactivate <name>    switch a campaign off (e.g. "Welcome bonus")
//   npm run admin -- campaign activate <name>      switch it back on (all_users campaigns grant)
// The embedded PGlite database belongs to one process: while the server runs on it, stop the
// server first (or use PostgreSQL, which any number of processes share).
import { pathToFileURL } from "node:url";
import { ADMIN_CLI_USAGE } from "./usage";

export { ADMIN_CLI_USAGE };

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === "--help" || args[0] === "-h") {
    console.log(ADMIN_CLI_USAGE);
    return args.length === 0 ? 2 : 0;
  }
  // Seeded like the server (once per database), so the Welcome bonus can be switched off before
  // the server's first start and stays off.
  // Loaded only now: printing the usage above pays none of the server's start-up.
  const [{ openConfiguredDatabase, authSecretOf }, { runAdminCommand }] = await Promise.all([
    import("../boot"),
    import("./commands"),
  ]);
  const opened = await openConfiguredDatabase();
  if (!opened) return 1;
  const { config, database } = opened;
  try {
    const result = await runAdminCommand(args, database.db, {
      holdTtlSeconds: config.holdTtlSeconds,
      adminEmails: config.adminEmails,
      authSecret: authSecretOf(config),
    });
    for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
    return result.code;
  } finally {
    await database.close();
  }
}

// Run as a script (npm run admin), not when imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

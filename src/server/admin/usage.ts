// The admin CLI's usage: its own module, so printing it loads nothing else.
export const ADMIN_CLI_USAGE = [
  "Usage:",
  "  npm run admin -- promote <email>",
  "  npm run admin -- demote <email>",
  "  npm run admin -- campaign list",
  "  npm run admin -- campaign deactivate <name>",
  "  npm run admin -- campaign activate <name>",
].join("\n");

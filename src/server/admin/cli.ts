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
import { sql } from "drizzle-orm";
import { openConfiguredDatabase } from "../boot";
import { CampaignService } from "../credits/campaigns.service";
import { Ledger } from "../credits/credits.service";
import type { Db } from "../db/client";
import { bonusCreditCampaigns, users } from "../db/schema";
import { createLogger } from "../logger";

export const ADMIN_CLI_USAGE = [
  "Usage:",
  "  npm run admin -- promote <email>",
  "  npm run admin -- demote <email>",
  "  npm run admin -- campaign list",
  "  npm run admin -- campaign deactivate <name>",
  "  npm run admin -- campaign activate <name>",
].join("\n");

export interface CliResult {
  code: number;
  lines: string[];
}

/** Runs one command against `db`; returns the exit code and the lines to print. */
export async function runAdminCommand(
  args: string[],
  db: Db,
  opts: { holdTtlSeconds?: number; adminEmails?: string[] } = {},
): Promise<CliResult> {
  const [command, ...rest] = args;
  const campaigns = new CampaignService(
    db,
    new Ledger(db, { holdTtlSeconds: opts.holdTtlSeconds ?? 900 }),
    createLogger("silent"),
  );

  if (command === "promote" || command === "demote") {
    const email = rest[0]?.trim().toLowerCase();
    if (!email) return { code: 2, lines: [ADMIN_CLI_USAGE] };
    const role = command === "promote" ? "admin" : "user";
    const updated = await db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email}`)
      .returning({ email: users.email });
    if (updated.length === 0)
      return { code: 1, lines: [`No account with the email ${email}. Sign up first, then run this again.`] };
    const listed = command === "demote" && opts.adminEmails?.includes(email);
    return {
      code: 0,
      lines: [
        command === "promote" ? `${email} is now an administrator.` : `${email} is no longer an administrator.`,
        ...(listed
          ? [`${email} is listed in ADMIN_EMAILS: remove it there too, or it becomes an administrator again.`]
          : []),
      ],
    };
  }

  if (command === "campaign") {
    const [action, ...nameParts] = rest;
    const name = nameParts.join(" ").trim();
    if (action === "list") {
      const list = await campaigns.list();
      if (list.length === 0) return { code: 0, lines: ["No campaigns."] };
      return {
        code: 0,
        lines: list.map(
          (c) =>
            `#${c.id}  ${c.name}  [${c.status}]  ${c.campaignType}  ${c.creditAmount} credits  ${c.currentRecipients}${c.maxRecipients ? `/${c.maxRecipients}` : ""} recipients`,
        ),
      };
    }
    if ((action === "deactivate" || action === "activate") && name) {
      if (action === "deactivate") {
        const n = await campaigns.deactivateByName(name);
        if (n === 0) return { code: 1, lines: [`No campaign named "${name}". See: npm run admin -- campaign list`] };
        return {
          code: 0,
          lines: [`Deactivated "${name}"${n > 1 ? ` (${n} campaigns)` : ""}: new sign-ups no longer receive it.`],
        };
      }
      const found = await db
        .select({ id: bonusCreditCampaigns.id })
        .from(bonusCreditCampaigns)
        .where(sql`lower(${bonusCreditCampaigns.name}) = lower(${name})`);
      if (found.length === 0)
        return { code: 1, lines: [`No campaign named "${name}". See: npm run admin -- campaign list`] };
      const lines: string[] = [];
      for (const { id } of found) {
        const { campaign, granted } = await campaigns.activate(id);
        lines.push(
          `Activated "${campaign.name}" [${campaign.status}]${campaign.campaignType === "all_users" ? `: ${granted} users credited` : ""}.`,
        );
      }
      return { code: 0, lines };
    }
  }

  return { code: 2, lines: [ADMIN_CLI_USAGE] };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === "--help" || args[0] === "-h") {
    console.log(ADMIN_CLI_USAGE);
    return args.length === 0 ? 2 : 0;
  }
  // Seeded like the server (once per database), so the Welcome bonus can be switched off before
  // the server's first start and stays off.
  const opened = await openConfiguredDatabase();
  if (!opened) return 1;
  const { config, database } = opened;
  try {
    const result = await runAdminCommand(args, database.db, {
      holdTtlSeconds: config.holdTtlSeconds,
      adminEmails: config.adminEmails,
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

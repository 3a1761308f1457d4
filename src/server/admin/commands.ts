// The admin commands (src/server/admin/cli.ts runs them; see there for the list).
import { sql } from "drizzle-orm";
import { countOf, creditCount } from "../../shared/plural";
import { addressHasher } from "../credits/address-hash";
import { CampaignService } from "../credits/campaigns.service";
import { Ledger } from "../credits/ledger";
import type { Db } from "../db/client";
import { bonusCreditCampaigns, users } from "../db/schema";
import { createLogger } from "../logger";
import { ADMIN_CLI_USAGE } from "./usage";

export interface CliResult {
  code: number;
  lines: string[];
}

/** Runs one command against `db`; returns the exit code and the lines to print. */
export async function runAdminCommand(
  args: string[],
  db: Db,
  opts: { holdTtlSeconds?: number; adminEmails?: string[]; authSecret?: string } = {},
): Promise<CliResult> {
  const [command, ...rest] = args;
  const campaigns = new CampaignService(
    db,
    new Ledger(db, { holdTtlSeconds: opts.holdTtlSeconds ?? 900 }),
    createLogger("silent"),
    // The server's secret, so campaign recipients are keyed by the same address hashes.
    addressHasher(opts.authSecret ?? "draftsmith-cli-without-secret"),
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
            `#${c.id}  ${c.name}  [${c.status}]  ${c.campaignType}  ${creditCount(c.creditAmount)}  ${c.currentRecipients}${c.maxRecipients ? `/${c.maxRecipients}` : ""} recipients`,
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
          `Activated "${campaign.name}" [${campaign.status}]${campaign.campaignType === "all_users" ? `: ${countOf(granted, "user")} credited` : ""}.`,
        );
      }
      return { code: 0, lines };
    }
  }

  return { code: 2, lines: [ADMIN_CLI_USAGE] };
}

// First-run data: the credit packages and an active "Welcome bonus" campaign. Applied once per
// database: the app_seeds row is claimed in the same transaction, so a restart never duplicates them.
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { appSeeds, bonusCreditCampaigns, creditPackages } from "./schema";

export const SEED_PACKAGES = [
  {
    name: "Starter",
    credits: 50,
    priceCents: 499,
    popular: false,
    estimatedGenerations: "About 10–15 blog drafts",
    description: "Try the whole loop on a few posts.",
    sortOrder: 1,
  },
  {
    name: "Creator",
    credits: 150,
    priceCents: 1299,
    popular: true,
    estimatedGenerations: "About 30–45 blog drafts",
    description: "A month of weekly posts with revisions and SEO HTML.",
    sortOrder: 2,
  },
  {
    name: "Pro",
    credits: 400,
    priceCents: 2999,
    popular: false,
    estimatedGenerations: "About 80–130 blog drafts",
    description: "For teams publishing several posts a week.",
    sortOrder: 3,
  },
  {
    name: "Agency",
    credits: 1000,
    priceCents: 6499,
    popular: false,
    estimatedGenerations: "About 200–330 blog drafts",
    description: "For agencies writing for many clients.",
    sortOrder: 4,
  },
];

export async function seedOnce(db: Db, opts: { welcomeBonusCredits: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSeeds)
      .values({ name: "initial-v1" })
      .onConflictDoNothing()
      .returning({ name: appSeeds.name });
    if (claimed.length === 0) return false;
    await tx.insert(creditPackages).values(SEED_PACKAGES);
    if (opts.welcomeBonusCredits > 0) {
      await tx.insert(bonusCreditCampaigns).values({
        name: "Welcome bonus",
        description: "Credits for every new account, enough to try the whole flow.",
        creditAmount: opts.welcomeBonusCredits,
        campaignType: "new_signups",
        startDate: sql`now() - interval '1 minute'`,
        active: true,
        createdBy: "system",
      });
    }
    return true;
  });
}

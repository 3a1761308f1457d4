// Bonus credit campaigns (spec §3, §4, §5): new_signups campaigns credit each sign-up inside their
// window; all_users campaigns credit every existing user (or specificUserIds) when activated.
//
// Every grant runs in a transaction that first locks the campaign's row: so recipients of one
// campaign are added one batch at a time, currentRecipients never passes maxRecipients, and the
// unique (campaign, user) index makes sure nobody receives a campaign twice — under concurrent
// sign-ups, re-activation or two app processes. Recipients are also keyed by a hash of their address
// (address-hash.ts), so an account deleted and made again with the same address gets nothing twice.
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  ADMIN_MESSAGES,
  type Campaign,
  type CampaignCreate,
  type CampaignRecipient,
  type CampaignUpdate,
  campaignStatus,
} from "../../shared/admin";
import type { Db, Tx } from "../db/client";
import { bonusCreditCampaigns, bonusCreditRecipients, users } from "../db/schema";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import type { AddressHasher } from "./address-hash";
import type { Ledger } from "./ledger";

type CampaignRow = typeof bonusCreditCampaigns.$inferSelect;

/** Users credited per transaction when an all_users campaign is activated. */
export const CAMPAIGN_BATCH_SIZE = 200;

export function toCampaign(row: CampaignRow, now: Date = new Date()): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    creditAmount: row.creditAmount,
    campaignType: row.campaignType as Campaign["campaignType"],
    specificUserIds: row.specificUserIds ?? null,
    maxRecipients: row.maxRecipients,
    currentRecipients: row.currentRecipients,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate ? row.endDate.toISOString() : null,
    active: row.active,
    status: campaignStatus(row, now),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type BatchOutcome =
  | { granted: string[]; stop: false }
  | { granted: string[]; stop: "inactive" | "full" | "outside_window" };

export class CampaignService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly logger: Logger,
    /** Keys recipients by address as well as by account (address-hash.ts). */
    private readonly hashAddress: AddressHasher,
  ) {}

  async list(): Promise<Campaign[]> {
    const rows = await this.db
      .select()
      .from(bonusCreditCampaigns)
      .orderBy(desc(bonusCreditCampaigns.createdAt), desc(bonusCreditCampaigns.id));
    const now = new Date();
    return rows.map((r) => toCampaign(r, now));
  }

  async get(id: number): Promise<Campaign> {
    const [row] = await this.db.select().from(bonusCreditCampaigns).where(eq(bonusCreditCampaigns.id, id));
    if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.campaignNotFound);
    return toCampaign(row);
  }

  /** Creates a campaign; created active, an all_users campaign grants at once, as activation does. */
  async create(input: CampaignCreate, createdBy: string): Promise<{ campaign: Campaign; granted: number }> {
    const [row] = await this.db
      .insert(bonusCreditCampaigns)
      .values({
        name: input.name,
        description: input.description,
        creditAmount: input.creditAmount,
        campaignType: input.campaignType,
        specificUserIds:
          input.campaignType === "all_users" && input.specificUserIds?.length ? input.specificUserIds : null,
        maxRecipients: input.maxRecipients ?? null,
        startDate: input.startDate,
        endDate: input.endDate ?? null,
        active: false,
        createdBy,
      })
      .returning();
    if (!row) throw new Error("campaign insert returned nothing");
    this.logger.info({ event: "campaign.created", campaignId: row.id, createdBy }, "campaign created");
    if (input.active) return this.activate(row.id);
    return { campaign: toCampaign(row), granted: 0 };
  }

  /**
   * Activates a campaign. new_signups: from now on sign-ups inside its window receive it.
   * all_users: every existing user (or specificUserIds) not yet credited receives it now, in
   * batches, when its window is open; a campaign scheduled for later grants when its start passes
   * (grantDueCampaigns, run by the server's sweeper).
   */
  async activate(id: number): Promise<{ campaign: Campaign; granted: number }> {
    const [row] = await this.db
      .update(bonusCreditCampaigns)
      .set({ active: true, updatedAt: sql`now()` })
      .where(eq(bonusCreditCampaigns.id, id))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.campaignNotFound);
    let granted = 0;
    if (row.campaignType === "all_users") granted = await this.grantAllUsers(row.id);
    this.logger.info({ event: "campaign.activated", campaignId: id, granted }, "campaign activated");
    return { campaign: await this.get(id), granted };
  }

  /**
   * Edits a campaign (issue 31): name, description, dates, cap; the amount only while nobody has
   * received it. Locks the campaign's row first, as every grant does, so the "no grant yet" and
   * "cap not below recipients" checks cannot race a grant. An active all_users campaign whose window
   * the edit opens grants at once, as activation would; one moved to a later start is left to the
   * sweeper (its updated_at is now, before the new start).
   */
  async update(id: number, input: CampaignUpdate): Promise<{ campaign: Campaign; granted: number }> {
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(bonusCreditCampaigns)
        .where(eq(bonusCreditCampaigns.id, id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.campaignNotFound);
      if (input.creditAmount !== undefined && input.creditAmount !== current.creditAmount) {
        const [granted] = await tx
          .select({ id: bonusCreditRecipients.id })
          .from(bonusCreditRecipients)
          .where(eq(bonusCreditRecipients.campaignId, id))
          .limit(1);
        if (granted || current.currentRecipients > 0) throw new AppError("CONFLICT", ADMIN_MESSAGES.amountAfterGrant);
      }
      const startDate = input.startDate ?? current.startDate;
      const endDate = input.endDate === undefined ? current.endDate : input.endDate;
      if (endDate && endDate <= startDate) throw new AppError("VALIDATION", ADMIN_MESSAGES.endBeforeStart);
      if (input.maxRecipients != null && input.maxRecipients < current.currentRecipients)
        throw new AppError("VALIDATION", ADMIN_MESSAGES.capBelowRecipients(current.currentRecipients));
      const [updated] = await tx
        .update(bonusCreditCampaigns)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.creditAmount !== undefined && { creditAmount: input.creditAmount }),
          ...(input.maxRecipients !== undefined && { maxRecipients: input.maxRecipients }),
          startDate,
          endDate,
          updatedAt: sql`now()`,
        })
        .where(eq(bonusCreditCampaigns.id, id))
        .returning();
      if (!updated) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.campaignNotFound);
      return updated;
    });
    this.logger.info({ event: "campaign.updated", campaignId: id, fields: Object.keys(input) }, "campaign updated");
    const now = new Date();
    const open = row.startDate <= now && (!row.endDate || row.endDate > now);
    const granted = row.active && row.campaignType === "all_users" && open ? await this.grantAllUsers(id) : 0;
    return { campaign: granted ? await this.get(id) : toCampaign(row), granted };
  }

  async deactivate(id: number): Promise<{ campaign: Campaign }> {
    const [row] = await this.db
      .update(bonusCreditCampaigns)
      .set({ active: false, updatedAt: sql`now()` })
      .where(eq(bonusCreditCampaigns.id, id))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.campaignNotFound);
    this.logger.info({ event: "campaign.deactivated", campaignId: id }, "campaign deactivated");
    return { campaign: toCampaign(row) };
  }

  /** Deactivates every campaign with this name (the operator's CLI); returns how many. */
  async deactivateByName(name: string): Promise<number> {
    const rows = await this.db
      .update(bonusCreditCampaigns)
      .set({ active: false, updatedAt: sql`now()` })
      .where(sql`lower(${bonusCreditCampaigns.name}) = lower(${name})`)
      .returning({ id: bonusCreditCampaigns.id });
    return rows.length;
  }

  /** Deletes a campaign that nobody has received (409 otherwise: its grants stay explained). */
  async remove(id: number): Promise<void> {
    const deleted = await this.db
      .delete(bonusCreditCampaigns)
      .where(
        and(
          eq(bonusCreditCampaigns.id, id),
          sql`NOT EXISTS (SELECT 1 FROM ${bonusCreditRecipients} WHERE ${bonusCreditRecipients.campaignId} = ${id})`,
        ),
      )
      .returning({ id: bonusCreditCampaigns.id });
    if (deleted.length > 0) return;
    const [exists] = await this.db
      .select({ id: bonusCreditCampaigns.id })
      .from(bonusCreditCampaigns)
      .where(eq(bonusCreditCampaigns.id, id));
    if (!exists) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.campaignNotFound);
    throw new AppError("CONFLICT", ADMIN_MESSAGES.campaignHasRecipients);
  }

  async recipients(id: number): Promise<CampaignRecipient[]> {
    await this.get(id);
    const rows = await this.db
      .select({
        id: bonusCreditRecipients.id,
        userId: bonusCreditRecipients.userId,
        username: users.username,
        email: users.email,
        creditsGranted: bonusCreditRecipients.creditsGranted,
        grantedAt: bonusCreditRecipients.grantedAt,
      })
      .from(bonusCreditRecipients)
      .innerJoin(users, eq(users.id, bonusCreditRecipients.userId))
      .where(eq(bonusCreditRecipients.campaignId, id))
      .orderBy(desc(bonusCreditRecipients.grantedAt), desc(bonusCreditRecipients.id));
    return rows.map((r) => ({ ...r, email: r.email || null, grantedAt: r.grantedAt.toISOString() }));
  }

  /** A new account: every active new_signups campaign in its window and below its maximum. */
  async applyNewSignupCampaigns(userId: string): Promise<number> {
    const due = await this.db
      .select({ id: bonusCreditCampaigns.id })
      .from(bonusCreditCampaigns)
      .where(
        and(
          eq(bonusCreditCampaigns.active, true),
          eq(bonusCreditCampaigns.campaignType, "new_signups"),
          lte(bonusCreditCampaigns.startDate, sql`now()`),
          or(isNull(bonusCreditCampaigns.endDate), gt(bonusCreditCampaigns.endDate, sql`now()`)),
          or(
            isNull(bonusCreditCampaigns.maxRecipients),
            sql`${bonusCreditCampaigns.currentRecipients} < ${bonusCreditCampaigns.maxRecipients}`,
          ),
        ),
      )
      .orderBy(asc(bonusCreditCampaigns.id));
    let credited = 0;
    for (const { id } of due) {
      const outcome = await this.db.transaction((tx) => this.grantBatch(tx, id, [userId]));
      credited += outcome.granted.length;
    }
    return credited;
  }

  /**
   * Grants an all_users campaign to everyone not yet credited, one transaction per batch, stopping
   * when it fills up, is deactivated or leaves its window. Returns how many users were credited.
   */
  async grantAllUsers(campaignId: number): Promise<number> {
    const [campaign] = await this.db.select().from(bonusCreditCampaigns).where(eq(bonusCreditCampaigns.id, campaignId));
    if (campaign?.campaignType !== "all_users") return 0;
    const specific = campaign.specificUserIds?.length ? campaign.specificUserIds : null;
    let granted = 0;
    let after = "";
    for (;;) {
      const page = await this.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            gt(users.id, after),
            isNull(users.deletedAt), // a deleted account's ledger placeholder is nobody to grant to
            specific ? inArray(users.id, specific) : undefined,
            sql`NOT EXISTS (SELECT 1 FROM ${bonusCreditRecipients} r WHERE r.campaign_id = ${campaignId} AND r.user_id = ${users.id})`,
          ),
        )
        .orderBy(asc(users.id))
        .limit(CAMPAIGN_BATCH_SIZE);
      if (page.length === 0) break;
      after = page[page.length - 1]?.id ?? after;
      const outcome = await this.db.transaction((tx) =>
        this.grantBatch(
          tx,
          campaignId,
          page.map((u) => u.id),
        ),
      );
      granted += outcome.granted.length;
      if (outcome.stop) break;
    }
    if (granted > 0) this.logger.info({ event: "campaign.granted", campaignId, granted }, "all_users campaign granted");
    return granted;
  }

  /**
   * all_users campaigns activated ahead of their start date: grants each once its start has passed
   * (the campaign's updated_at, set on activation and after this grant, marks it as done).
   */
  async grantDueCampaigns(): Promise<number> {
    const due = await this.db
      .update(bonusCreditCampaigns)
      .set({ updatedAt: sql`now()` })
      .where(
        and(
          eq(bonusCreditCampaigns.active, true),
          eq(bonusCreditCampaigns.campaignType, "all_users"),
          lte(bonusCreditCampaigns.startDate, sql`now()`),
          sql`${bonusCreditCampaigns.startDate} > ${bonusCreditCampaigns.updatedAt}`,
          or(isNull(bonusCreditCampaigns.endDate), gt(bonusCreditCampaigns.endDate, sql`now()`)),
        ),
      )
      .returning({ id: bonusCreditCampaigns.id });
    let granted = 0;
    for (const { id } of due) granted += await this.grantAllUsers(id);
    return granted;
  }

  /**
   * Credits `userIds` with the campaign inside `tx`: locks the campaign's row, skips users who
   * already have it, takes no more than the room left under maxRecipients, and increments
   * currentRecipients with a conditional UPDATE.
   */
  private async grantBatch(tx: Tx, campaignId: number, userIds: string[]): Promise<BatchOutcome> {
    const [campaign] = await tx
      .select({
        active: bonusCreditCampaigns.active,
        name: bonusCreditCampaigns.name,
        creditAmount: bonusCreditCampaigns.creditAmount,
        maxRecipients: bonusCreditCampaigns.maxRecipients,
        currentRecipients: bonusCreditCampaigns.currentRecipients,
        // The database's clock decides the window, the same for every app process.
        inWindow: sql<boolean>`(${bonusCreditCampaigns.startDate} <= now() AND (${bonusCreditCampaigns.endDate} IS NULL OR ${bonusCreditCampaigns.endDate} > now()))`,
      })
      .from(bonusCreditCampaigns)
      .where(eq(bonusCreditCampaigns.id, campaignId))
      .for("update");
    if (!campaign?.active) return { granted: [], stop: "inactive" };
    if (!campaign.inWindow) return { granted: [], stop: "outside_window" };
    const room =
      campaign.maxRecipients == null ? Number.POSITIVE_INFINITY : campaign.maxRecipients - campaign.currentRecipients;
    if (room <= 0) return { granted: [], stop: "full" };

    const existing = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(inArray(users.id, userIds), isNull(users.deletedAt)));
    const hashOf = new Map(existing.map((u) => [u.id, this.hashAddress(u.email)]));
    // Once per account and once per address: an address that had this campaign under an account
    // since deleted does not get it again.
    const already = await tx
      .select({ userId: bonusCreditRecipients.userId, addressHash: bonusCreditRecipients.addressHash })
      .from(bonusCreditRecipients)
      .where(
        and(
          eq(bonusCreditRecipients.campaignId, campaignId),
          or(
            inArray(bonusCreditRecipients.userId, userIds),
            hashOf.size ? inArray(bonusCreditRecipients.addressHash, [...hashOf.values()]) : undefined,
          ),
        ),
      );
    const skip = new Set(already.map((r) => r.userId));
    const skipAddress = new Set(already.map((r) => r.addressHash));
    const fresh = [...new Set(userIds)]
      .filter((id) => hashOf.has(id) && !skip.has(id) && !skipAddress.has(hashOf.get(id) ?? ""))
      .slice(0, room);
    if (fresh.length === 0) return { granted: [], stop: false };

    const inserted = await tx
      .insert(bonusCreditRecipients)
      .values(
        fresh.map((userId) => ({
          campaignId,
          userId,
          creditsGranted: campaign.creditAmount,
          addressHash: hashOf.get(userId) ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: bonusCreditRecipients.userId });
    const granted = inserted.map((r) => r.userId);
    if (granted.length === 0) return { granted: [], stop: false };

    const counted = await tx
      .update(bonusCreditCampaigns)
      .set({ currentRecipients: sql`${bonusCreditCampaigns.currentRecipients} + ${granted.length}` })
      .where(
        and(
          eq(bonusCreditCampaigns.id, campaignId),
          or(
            isNull(bonusCreditCampaigns.maxRecipients),
            sql`${bonusCreditCampaigns.currentRecipients} + ${granted.length} <= ${bonusCreditCampaigns.maxRecipients}`,
          ),
        ),
      )
      .returning({ current: bonusCreditCampaigns.currentRecipients });
    if (counted.length === 0) throw new Error(`campaign ${campaignId} would pass its maxRecipients`);

    await this.ledger.grantEach({
      tx,
      userIds: granted,
      amount: campaign.creditAmount,
      type: "bonus",
      metadata: { campaignId, campaignName: campaign.name, description: `Bonus: ${campaign.name}` },
    });
    const full = campaign.maxRecipients != null && (counted[0]?.current ?? 0) >= campaign.maxRecipients;
    return full ? { granted, stop: "full" } : { granted, stop: false };
  }
}

// The periodic sweep every app process runs: releases holds past their expiry (work whose process
// crashed) and grants all_users campaigns whose scheduled start has passed. Safe to run from any
// number of processes at once: each statement claims its rows atomically.
import type { Logger } from "../logger";
import type { CampaignService } from "./campaigns.service";
import type { Ledger } from "./ledger";

export const SWEEP_INTERVAL_MS = 30_000;

export interface CreditSweeper {
  /** Runs one sweep now (also what the timer calls). */
  runOnce(): Promise<{ releasedHolds: number; campaignGrants: number }>;
  /** Stops the timer and waits for a sweep in flight. */
  stop(): Promise<void>;
}

export function startCreditSweeper(opts: {
  ledger: Ledger;
  campaigns: CampaignService;
  logger: Logger;
  intervalMs?: number;
}): CreditSweeper {
  const { ledger, campaigns, logger } = opts;
  let inFlight: Promise<{ releasedHolds: number; campaignGrants: number }> | null = null;

  const runOnce = () => {
    inFlight ??= (async () => {
      let releasedHolds = 0;
      let campaignGrants = 0;
      try {
        releasedHolds = await ledger.releaseExpiredHolds();
        if (releasedHolds > 0)
          logger.warn({ event: "credits.holds.expired_released", releasedHolds }, "released expired holds");
        campaignGrants = await campaigns.grantDueCampaigns();
      } catch (err) {
        logger.error({ event: "credits.sweep.failed", err }, "credit sweep failed");
      }
      return { releasedHolds, campaignGrants };
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const timer = setInterval(() => void runOnce(), opts.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await inFlight?.catch(() => {});
    },
  };
}

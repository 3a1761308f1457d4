// The client's view of credits, shared by billing, the admin screens and the writing screens:
// query keys, the package list, and reading the server's 402 'Insufficient credits' text.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { CreditPackage, PackagesResponse } from "../../../shared/billing";
import { ApiError } from "../../lib/api";
import { parseError } from "../../lib/errors";
import { CREDITS_KEY } from "../auth/auth-context";

export const PACKAGES_KEY = ["/api/billing/packages"] as const;
export const BILLING_CONFIG_KEY = ["/api/billing/config"] as const;
export const TRANSACTIONS_KEY = ["/api/billing/history?limit=20"] as const;
/**
 * The Usage tab's table shows 20 entries (spec §9); its 30-day chart needs more, so one request asks
 * for the server's maximum page and the table shows the newest 20 of it.
 */
export const USAGE_PAGE = 100;
export const USAGE_KEY = [`/api/billing/usage?limit=${USAGE_PAGE}`] as const;

/** The public package list (spec §6: signed-out visitors may see it). */
export function useCreditPackages() {
  return useQuery<PackagesResponse, Error, CreditPackage[]>({
    queryKey: PACKAGES_KEY,
    select: (data) => data?.packages ?? [],
  });
}

export interface InsufficientCredits {
  required: number;
  available: number;
}

/**
 * Reads the amounts out of the server's 402 text ('Insufficient credits: this needs 12 credits and
 * you have 3 available.'); null when the text is not about insufficient credits.
 */
export function parseInsufficientCredits(text: string): Partial<InsufficientCredits> | null {
  if (!/insufficient credits/i.test(text)) return null;
  const needs = /needs\s+(\d+)/i.exec(text) ?? /required\D{0,20}(\d+)/i.exec(text);
  const has = /you have\s+(\d+)/i.exec(text) ?? /available\D{0,20}(\d+)/i.exec(text);
  const result: Partial<InsufficientCredits> = {};
  if (needs) result.required = Number(needs[1]);
  if (has) result.available = Number(has[1]);
  return result;
}

/** The insufficient-credits amounts carried by a failed call, or null when it failed for another reason. */
export function insufficientCreditsFrom(err: unknown): Partial<InsufficientCredits> | null {
  if (err instanceof ApiError && err.status !== 402 && !/insufficient credits/i.test(err.body)) return null;
  const parsed = parseError(err);
  if (parsed.kind !== "insufficient-credits") return null;
  return parseInsufficientCredits(parsed.message) ?? {};
}

/**
 * Refetches the balance (the header's count among others). Call it after every call that spends or
 * adds credits, successful or not: a failed call may have released a hold.
 */
export function useRefreshCredits() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: CREDITS_KEY }), [queryClient]);
}

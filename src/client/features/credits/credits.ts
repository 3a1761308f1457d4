// The client's view of credits, shared by billing, the admin screens and the writing screens:
// query keys, the package list, and reading the server's 402 'Insufficient credits' answer.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { CreditPackage, PackagesResponse } from "../../../shared/billing";
import { errorFields, parseError } from "../../lib/errors";
import { refreshQueries } from "../../lib/refresh";
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
 * The amounts of a failed call's 402 (its body carries `required` and `available`), or null when it
 * failed for another reason.
 */
export function insufficientCreditsFrom(err: unknown): Partial<InsufficientCredits> | null {
  if (parseError(err).kind !== "insufficient-credits") return null;
  const { required, available } = errorFields(err);
  const result: Partial<InsufficientCredits> = {};
  if (typeof required === "number") result.required = required;
  if (typeof available === "number") result.available = available;
  return result;
}

/**
 * Refetches the balance (the header's count among others). Call it after every call that spends or
 * adds credits, successful or not: a failed call may have released a hold.
 */
export function useRefreshCredits() {
  const queryClient = useQueryClient();
  return useCallback(() => refreshQueries(queryClient, { queryKey: CREDITS_KEY }), [queryClient]);
}

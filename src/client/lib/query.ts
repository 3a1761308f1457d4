import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiGet } from "./api";

// Spec §7: a GET on the query key's first element; never stale, no refetch on focus, no retries.
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(String(queryKey[0]));

/** The one default stale time (spec §7: cached queries are never stale). */
export const DEFAULT_STALE_TIME = Number.POSITIVE_INFINITY;

/**
 * The one exception, by name: screens showing figures that other screens change (the ledger, usage,
 * grant history, campaigns, documents, a checkout's status) read afresh whenever they mount.
 */
export const FRESH_ON_MOUNT = { staleTime: 0 } as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: DEFAULT_STALE_TIME,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

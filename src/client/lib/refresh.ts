// After a write, the queries showing what it changed are read again. Invalidating alone is not enough
// while a query's first read is still on its way: TanStack Query restarts an in-flight read only when
// the query already has data (Query.fetch with cancelRefetch), so without data the invalidation joins
// that read, sent before the write, and keeps its answer (a campaign just created missing from the list).
// Cancelling first makes the invalidation start a new read. The cancel reverts a query to its state
// before the read (data it had stays shown), and is silent: whoever waits on the cancelled read
// (useQuery, fetchQuery) gets the new read's answer, provided it starts in the same tick (no await).
import type { QueryClient, QueryFilters } from "@tanstack/react-query";

/** Reads the matching queries afresh after a write; resolves once the active ones have their answer. */
export function refreshQueries(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  void queryClient.cancelQueries(filters, { silent: true });
  return queryClient.invalidateQueries(filters);
}

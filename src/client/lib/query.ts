import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiGet } from "./api";

// Spec §7: a GET on the query key's first element; never stale, no refetch on focus, no retries.
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(String(queryKey[0]));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

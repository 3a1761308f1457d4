// The direct-grant user search (spec §4, §8): debounced 300 ms, at least 2 characters, shorter text
// clears the results; failures become a 'Search Failed' toast with a message an admin can act on.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { SearchableUser, UserSearchResponse } from "../../../shared/admin";
import { DIRECT_GRANT } from "../../../shared/limits";
import { authHeaders } from "../../lib/api";
import { toast } from "../../lib/toast";

export class SearchFailed extends Error {}

/** What the 'Search Failed' toast says about an unsuccessful or unreadable answer. */
export function searchFailureMessage(status: number, contentType: string, body: string): string {
  if (/text\/html/i.test(contentType) || /^\s*</.test(body)) {
    return `The server returned HTML instead of JSON (status ${status}). Is the admin API available on this server?`;
  }
  try {
    const json = JSON.parse(body) as { error?: unknown };
    if (typeof json.error === "string" && json.error) return json.error;
  } catch {
    /* not JSON */
  }
  return status >= 200 && status < 300 ? "Failed to search users" : `Failed to search users: ${status}`;
}

export async function searchUsers(query: string, signal?: AbortSignal): Promise<SearchableUser[]> {
  let res: Response;
  try {
    res = await fetch(`/api/admin/direct-grant/search?query=${encodeURIComponent(query)}`, {
      headers: authHeaders(),
      credentials: "include",
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new SearchFailed("Could not search for users");
  }
  const body = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  if (!res.ok) throw new SearchFailed(searchFailureMessage(res.status, contentType, body));
  try {
    const json = JSON.parse(body) as UserSearchResponse;
    if (!Array.isArray(json.users)) throw new Error("no users");
    return json.users;
  } catch {
    throw new SearchFailed(searchFailureMessage(res.status, contentType, body));
  }
}

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const USER_SEARCH_KEY = "/api/admin/direct-grant/search";

/**
 * The search on TanStack Query: the key is the debounced text, so typing fires one request per pause;
 * a key that changes aborts the previous request (the query's signal). `clear()` empties the list
 * (after a grant) and drops cached answers, whose credit counts are out of date by then.
 */
export function useUserSearch(text: string) {
  const queryClient = useQueryClient();
  const typed = text.trim();
  const query = useDebounced(typed, DIRECT_GRANT.searchDebounceMs);
  const [cleared, setCleared] = useState<string | null>(null);
  const enabled = query.length >= DIRECT_GRANT.searchMinChars && typed.length >= DIRECT_GRANT.searchMinChars;
  const search = useQuery({
    queryKey: [USER_SEARCH_KEY, query],
    queryFn: ({ signal }) => searchUsers(query, signal),
    enabled,
  });

  useEffect(() => {
    if (search.error)
      toast.error(
        "Search Failed",
        search.error instanceof SearchFailed ? search.error.message : "Could not search for users",
      );
  }, [search.error]);

  // A cleared list stays empty until the text changes.
  useEffect(() => {
    if (cleared !== null && typed !== cleared) setCleared(null);
  }, [typed, cleared]);

  const shown = enabled && cleared !== query;
  return {
    results: shown ? (search.data ?? []) : [],
    searching: enabled && search.isFetching,
    clear: () => {
      setCleared(query);
      queryClient.removeQueries({ queryKey: [USER_SEARCH_KEY] });
    },
  };
}

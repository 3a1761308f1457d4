// The direct-grant user search (spec §4, §8): debounced 300 ms, at least 2 characters, shorter text
// clears the results; failures become a 'Search Failed' toast with a message an admin can act on.
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

export function useUserSearch(text: string) {
  const [results, setResults] = useState<SearchableUser[]>([]);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    const query = text.trim();
    if (query.length < DIRECT_GRANT.searchMinChars) {
      setResults([]);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      setSearching(true);
      try {
        const users = await searchUsers(query, controller.signal);
        if (!controller.signal.aborted) setResults(users);
      } catch (err) {
        if (controller.signal.aborted) return;
        setResults([]);
        toast.error("Search Failed", err instanceof SearchFailed ? err.message : "Could not search for users");
      } finally {
        if (!controller.signal.aborted) setSearching(false);
      }
    }, DIRECT_GRANT.searchDebounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return { results, searching, clear: () => setResults([]) };
}

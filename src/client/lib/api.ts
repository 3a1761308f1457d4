// The product's HTTP helper (spec §7): JSON, cookies always, the bearer token when there is one,
// a content type only with a body. A failed call throws "<status>: <body text>".
import { errorCodeOf } from "../../shared/errors";
import { takeEarly } from "./early-get";
import { offerUnsavedText, unsavedTextOf } from "./unsaved-text";

let bearerToken: string | null = null;
const tokenListeners = new Set<(token: string | null) => void>();

/**
 * Kept in memory only: the httpOnly session cookie survives reloads, the token never touches storage.
 * Every call is told to the listeners (`onBearerToken`), null included: it means signed out.
 */
export function setBearerToken(token: string | null) {
  bearerToken = token;
  for (const listener of tokenListeners) listener(token);
}

/** Calls `listener` with each token set from now on (null: signed out); returns the unsubscribe. */
export function onBearerToken(listener: (token: string | null) => void): () => void {
  tokenListeners.add(listener);
  return () => {
    tokenListeners.delete(listener);
  };
}

export function authHeaders(): Record<string, string> {
  return bearerToken ? { Authorization: `Bearer ${bearerToken}` } : {};
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
  }
  /** The server's {"error": "…"} text, or the raw body. */
  get serverMessage(): string {
    return serverMessage(this.body) ?? this.body;
  }
  /** The error's stable code (shared/errors.ts): what the client decides by, never the message. */
  get code(): string | undefined {
    return errorCodeOf(this.body);
  }
}

export function serverMessage(text: string): string | undefined {
  try {
    const json = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof json.error === "string") return json.error;
    if (typeof json.message === "string") return json.message;
  } catch {
    /* not JSON */
  }
  return undefined;
}

export async function apiFetch(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...authHeaders(), ...(init.headers as Record<string, string> | undefined) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // A request main.tsx already started (lib/early-get.ts) is the same request while no token is set.
  const early = !bearerToken && !init.signal && !init.headers ? takeEarly(method, url, body) : undefined;
  const res = await (early ??
    fetch(url, {
      ...init,
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "include",
    }));
  if (!res.ok) {
    const text = await res.text();
    // Delivered and charged, but not saved: the answer holds the user's only copy.
    const unsaved = res.status === 500 ? unsavedTextOf(text) : null;
    if (unsaved) offerUnsavedText(unsaved);
    throw new ApiError(res.status, text || res.statusText);
  }
  return res;
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiFetch(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const apiGet = <T = unknown>(url: string) => apiRequest<T>("GET", url);
export const apiPost = <T = unknown>(url: string, body?: unknown) => apiRequest<T>("POST", url, body ?? {});

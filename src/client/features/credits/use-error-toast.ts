// A failed query shows its spec §8 toast once per failure, not on every render.
import { useEffect } from "react";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";

/** The server's {"error": …} text, else a fallback (never an HTML page or a stack). */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const text = err.serverMessage;
    if (text && !/^\s*</.test(text)) return text;
    return `${fallback} (${err.status})`;
  }
  return fallback;
}

export function useErrorToast(error: unknown, title: string, fallback = "Please try again") {
  useEffect(() => {
    if (error) toast.error(title, errorText(error, fallback));
  }, [error, title, fallback]);
}

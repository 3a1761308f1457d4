// Text the server delivered and charged for but could not save (a NOT_SAVED answer, "Saved nothing:
// …"): the user's only copy is in the browser. Whoever learns of it (the API layer, for JSON answers
// and streams alike) offers it here; <UnsavedTextDialog> (boot.tsx) shows it with a Copy button, so
// the text paid for is never lost with the error.

export interface UnsavedText {
  /** The server's message, "Saved nothing: …". */
  message: string;
  /** What was delivered. */
  text: string;
}

type Listener = (offer: UnsavedText) => void;
const listeners = new Set<Listener>();

/** Shows the text to the user (no-op for an empty text). */
export function offerUnsavedText(offer: UnsavedText): void {
  if (!offer.text.trim()) return;
  for (const listener of listeners) listener(offer);
}

/** Subscribes the dialog; returns the unsubscribe. */
export function onUnsavedText(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The offer a NOT_SAVED error body holds ({"error", "code": "NOT_SAVED", "text"}), if any. */
export function unsavedTextOf(body: string, delivered?: string): UnsavedText | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const { code, error, text } = parsed as { code?: unknown; error?: unknown; text?: unknown };
  if (code !== "NOT_SAVED" || typeof error !== "string") return null;
  const kept = typeof text === "string" && text ? text : delivered;
  return kept ? { message: error, text: kept } : null;
}

// The session hand-off between the landing page and the Results screen (spec §3 "Saved pending
// request", §4): the landing page saves {mode, text, aiProvider}; Results reads it, and on a
// credits failure leaves a flag that makes the landing page open the Insufficient Credits dialog.
// sessionStorage: per tab, gone when the tab closes; every access tolerates storage being unavailable.
import { PROMPT_MAX_CHARS } from "../../../shared/limits";
import type { AiProvider } from "../../../shared/writing";
import type { DraftResult } from "./types";

export interface PendingRequest {
  mode: "generate";
  text: string;
  aiProvider: AiProvider;
  /** Identifies this hand-off, so a saved result belongs to exactly one request. */
  id: string;
}

export interface InsufficientCreditsFlag {
  required?: number;
  available?: number;
}

const PENDING_KEY = "draftsmith:pending-request";
const RESULT_KEY = "draftsmith:pending-result";
const INSUFFICIENT_KEY = "draftsmith:insufficient-credits";
const LAST_PROMPT_KEY = "draftsmith:last-prompt";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the hand-off simply does not happen */
  }
}

function remove(key: string) {
  try {
    storage()?.removeItem(key);
  } catch {
    /* ignore */
  }
}

function newId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Saves a new pending request (the text trimmed and cut to 5000 characters) and drops any older result. */
export function savePendingRequest(text: string, aiProvider: AiProvider): PendingRequest {
  const pending: PendingRequest = {
    mode: "generate",
    text: text.trim().slice(0, PROMPT_MAX_CHARS),
    aiProvider,
    id: newId(),
  };
  remove(RESULT_KEY);
  writeJson(PENDING_KEY, pending);
  writeJson(LAST_PROMPT_KEY, { text: pending.text, aiProvider });
  return pending;
}

/** The prompt last sent from the landing page, so Back (or a failure) returns to it. */
export function readLastPrompt(): { text: string; aiProvider: AiProvider } | null {
  const last = readJson<{ text?: unknown; aiProvider?: unknown }>(LAST_PROMPT_KEY);
  if (!last || typeof last.text !== "string" || !last.text.trim()) return null;
  return {
    text: last.text.slice(0, PROMPT_MAX_CHARS),
    aiProvider: last.aiProvider === "anthropic" ? "anthropic" : "openai",
  };
}

export function readPendingRequest(): PendingRequest | null {
  const p = readJson<Partial<PendingRequest>>(PENDING_KEY);
  if (p?.mode !== "generate" || typeof p.text !== "string" || !p.text.trim()) return null;
  const aiProvider: AiProvider = p.aiProvider === "anthropic" ? "anthropic" : "openai";
  return { mode: "generate", text: p.text.slice(0, PROMPT_MAX_CHARS), aiProvider, id: p.id ?? "legacy" };
}

export function clearPendingRequest() {
  remove(PENDING_KEY);
  remove(RESULT_KEY);
}

/** The finished draft of a pending request, so a reload of Results shows it instead of paying again. */
export function saveResult(pendingId: string, result: DraftResult) {
  writeJson(RESULT_KEY, { pendingId, result });
}

export function readResult(pendingId: string): DraftResult | null {
  const saved = readJson<{ pendingId: string; result: DraftResult }>(RESULT_KEY);
  return saved && saved.pendingId === pendingId && typeof saved.result?.draft === "string" ? saved.result : null;
}

export function setInsufficientCreditsFlag(flag: InsufficientCreditsFlag = {}) {
  writeJson(INSUFFICIENT_KEY, flag);
}

/** Reads and clears the flag: the landing page opens the dialog once per failure. */
export function takeInsufficientCreditsFlag(): InsufficientCreditsFlag | null {
  const flag = readJson<InsufficientCreditsFlag>(INSUFFICIENT_KEY);
  if (flag) remove(INSUFFICIENT_KEY);
  return flag;
}

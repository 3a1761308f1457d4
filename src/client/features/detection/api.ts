// POST /api/detect-ai as a plain function (for screens that run their own flow) — spec §7: the result
// arrives wrapped in `aiDetection`, or (older servers) as the result itself.
import type { DetectionResult } from "../../../shared/detection";
import { apiFetch } from "../../lib/api";
import { toast } from "../../lib/toast";

/** Said when the server answered a re-check of unchanged text from its stored check (issue 31). */
export const RECHECK_FREE = {
  title: "Checked before",
  message: "This exact text was checked before, so you see that result again and no credit was charged.",
} as const;

export interface DetectAiOptions {
  /** Aborts the call (the screen moved on). */
  signal?: AbortSignal;
  /** Attach the result to this request of the caller's (api_requests id or uuid). */
  requestId?: number | string;
  /** Store the result on this version of the caller's document (both or neither). */
  documentId?: string;
  versionId?: string;
}

/** Either shape the spec allows → the result. */
export function unwrapDetection(body: unknown): DetectionResult {
  const b = body as { aiDetection?: DetectionResult } & Partial<DetectionResult>;
  const result = b?.aiDetection ?? (b as DetectionResult);
  if (!result || typeof result.success !== "boolean") throw new Error("The AI detection answer was not understood.");
  return result;
}

/** Runs AI detection on `text`. Resolves with success:false results too; throws ApiError on HTTP failures. */
export async function detectAi(text: string, opts: DetectAiOptions = {}): Promise<DetectionResult> {
  const body: Record<string, unknown> = { text };
  if (opts.requestId !== undefined && opts.requestId !== "") body.requestId = opts.requestId;
  if (opts.documentId && opts.versionId)
    Object.assign(body, { documentId: opts.documentId, versionId: opts.versionId });
  const res = await apiFetch("POST", "/api/detect-ai", body, { signal: opts.signal });
  const json = (await res.json()) as { cached?: boolean };
  // Every screen that checks text says so, wherever it runs the check from.
  if (json?.cached === true) toast.info(RECHECK_FREE.title, RECHECK_FREE.message);
  return unwrapDetection(json);
}

/**
 * Entry point for AI detection: pick the built-in detector or a third-party
 * service behind one interface. Every detector resolves to a DetectionResult;
 * failures come back as `success: false`, never as a thrown error.
 */
import type { DetectionResult, DetectorName } from "../../shared/detection";
import { detectBuiltin } from "./builtin";
import { detectWithGptZero } from "./gptzero";
import { detectWithSapling } from "./sapling";

export { detectBuiltin } from "./builtin";
export { detectWithGptZero, GPTZERO_DEFAULT_BASE_URL } from "./gptzero";
export { detectWithSapling, SAPLING_DEFAULT_BASE_URL } from "./sapling";

export interface Detector {
  name: string;
  detect(text: string, opts?: { signal?: AbortSignal }): Promise<DetectionResult>;
}

export interface CreateDetectorOptions {
  detector: DetectorName;
  gptzeroApiKey?: string;
  saplingApiKey?: string;
  gptzeroBaseUrl?: string;
  saplingBaseUrl?: string;
  timeoutMs?: number;
}

export function createDetector(opts: CreateDetectorOptions): Detector {
  switch (opts.detector) {
    case "gptzero":
      return {
        name: "gptzero",
        detect: (text, call) =>
          detectWithGptZero(
            text,
            { apiKey: opts.gptzeroApiKey, baseUrl: opts.gptzeroBaseUrl, timeoutMs: opts.timeoutMs },
            call?.signal,
          ),
      };
    case "sapling":
      return {
        name: "sapling",
        detect: (text, call) =>
          detectWithSapling(
            text,
            { apiKey: opts.saplingApiKey, baseUrl: opts.saplingBaseUrl, timeoutMs: opts.timeoutMs },
            call?.signal,
          ),
      };
    default:
      return {
        name: "builtin",
        // In-process (tests, scripts); the app runs it in the CPU pool instead (cpu/detector.ts).
        detect: async (text) => detectBuiltin(text),
      };
  }
}

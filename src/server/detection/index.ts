/**
 * Entry point for AI detection: pick the built-in detector or a third-party
 * service behind one interface. Every detector resolves to a DetectionResult;
 * failures come back as `success: false`, never as a thrown error.
 */
import type { DetectionResult, DetectorName } from "../../shared/detection";
import { detectBuiltin } from "./builtin";
import { GPTZERO } from "./gptzero";
import { detectWithProvider } from "./provider";
import { SAPLING } from "./sapling";

export { builtinModelId, detectBuiltin } from "./builtin";
export { GPTZERO_DEFAULT_BASE_URL } from "./gptzero";
export { SAPLING_DEFAULT_BASE_URL } from "./sapling";

export interface Detector {
  name: string;
  /** `owner`: whose text this is (a user id), for the CPU pool's fair share. */
  detect(text: string, opts?: { signal?: AbortSignal; owner?: string }): Promise<DetectionResult>;
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
  const { detector, timeoutMs } = opts;
  if (detector !== "gptzero" && detector !== "sapling") {
    return {
      name: "builtin",
      // In-process (tests, scripts); the app runs it in the CPU pool instead (cpu/detector.ts).
      detect: async (text) => detectBuiltin(text),
    };
  }
  const [adapter, options] =
    detector === "gptzero"
      ? [GPTZERO, { apiKey: opts.gptzeroApiKey, baseUrl: opts.gptzeroBaseUrl, timeoutMs }]
      : [SAPLING, { apiKey: opts.saplingApiKey, baseUrl: opts.saplingBaseUrl, timeoutMs }];
  return { name: detector, detect: (text, call) => detectWithProvider(adapter, text, options, call?.signal) };
}

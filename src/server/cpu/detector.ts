// The built-in AI detector, run in the CPU pool. Like every detector it resolves failures as
// success:false (no charge): past the time limit, with the pool saturated, or when the caller left —
// except the pool's 429 for an owner whose texts overran the limit too often, which is thrown.
// A short text is scored on the request's own thread instead: its detection costs less than the
// worker round trip (posting the text, cloning the per-sentence result back, the pool's timers),
// and it can neither run long nor wait in the pool's queue behind other requests' work.
import { failedDetection } from "../../shared/detection";
import { type Detector, detectBuiltin } from "../detection/index";
import { AppError } from "../errors";
import { type CpuPool, CpuTaskCancelled } from "./pool";

export interface PooledDetectorOptions {
  /** Texts up to this many characters are scored inline (0: every text goes to the pool). */
  inlineMaxChars?: number;
}

export function pooledBuiltinDetector(cpu: Pick<CpuPool, "run">, opts: PooledDetectorOptions = {}): Detector {
  const inlineMaxChars = opts.inlineMaxChars ?? 0;
  return {
    name: "builtin",
    detect: async (text, call) => {
      if (text.length <= inlineMaxChars) {
        if (call?.signal?.aborted) return failedDetection("builtin", "AI detection was cancelled.");
        return detectBuiltin(text);
      }
      try {
        return await cpu.run("detectBuiltin", text, { signal: call?.signal, owner: call?.owner });
      } catch (err) {
        // An owner refused for overrunning the time limit too often gets the 429 itself, not a free failure.
        if (err instanceof AppError && err.code === "RATE_LIMITED") throw err;
        if (err instanceof AppError) return failedDetection("builtin", err.message);
        if (err instanceof CpuTaskCancelled) return failedDetection("builtin", "AI detection was cancelled.");
        throw err;
      }
    },
  };
}

// The built-in AI detector, run in the CPU pool. Like every detector it resolves failures as
// success:false (no charge): past the time limit, with the pool saturated, or when the caller left.
import { failedDetection } from "../../shared/detection";
import type { Detector } from "../detection/index";
import { AppError } from "../errors";
import { type CpuPool, CpuTaskCancelled } from "./pool";

export function pooledBuiltinDetector(cpu: Pick<CpuPool, "run">): Detector {
  return {
    name: "builtin",
    detect: async (text, opts) => {
      try {
        return await cpu.run("detectBuiltin", text, { signal: opts?.signal });
      } catch (err) {
        if (err instanceof AppError) return failedDetection("builtin", err.message);
        if (err instanceof CpuTaskCancelled) return failedDetection("builtin", "AI detection was cancelled.");
        throw err;
      }
    },
  };
}

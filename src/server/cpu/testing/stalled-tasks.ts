// The app's CPU tasks, each of which never finishes: the worker blocks (without spinning) until the
// pool stops it at its time limit. Tests of what a request answers past the limit use it, so they
// never depend on how fast this machine runs the real work.
import { taskRunner } from "../task-runner";
import type { CpuTasks } from "../tasks";

const never = (): never => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  throw new Error("unreachable: nothing ever notifies this wait");
};

export const STALLED_TASKS: Record<keyof CpuTasks, () => never> = {
  produceSeoHtml: never,
  reviseForSeo: never,
  detectBuiltin: never,
  drawPage: never,
};

export default taskRunner(STALLED_TASKS);

// The app's CPU tasks, except that AI detection of a text of opening brackets (the issue 26 attack)
// never finishes: the worker blocks until the pool stops it at its time limit. Every other text is
// scored for real. The fair-share test uses it, so the attack's tasks run to the limit however fast
// this machine is, while other users' detections do their real work.
import { taskRunner } from "../task-runner";
import { CPU_TASKS } from "../tasks";

const never = (): never => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  throw new Error("unreachable: nothing ever notifies this wait");
};

export const BRACKET_STALL_TASKS = {
  ...CPU_TASKS,
  detectBuiltin: (text: string) => (text.startsWith("[[[[") ? never() : CPU_TASKS.detectBuiltin(text)),
};

export default taskRunner(BRACKET_STALL_TASKS);

// Tasks for the pool's own tests: a busy loop that never yields, an echo, a stack overflow, and a
// task that waits for the test to let it finish.
import { TaskRefusal, taskRunner } from "../task-runner";

function recurse(n: number): number {
  return n <= 0 ? 0 : 1 + recurse(n - 1);
}

export const FIXTURE_TASKS = {
  echo: (input: { value: string }) => ({ value: input.value, thread: "worker" }),
  /** Spins until `ms` have passed (Infinity: forever), like a pathological input. */
  spin: (input: { ms: number }) => {
    const end = Date.now() + input.ms;
    let n = 0;
    while (Date.now() < end) n++;
    return n;
  },
  /** Sets gate[1] to 1 once running, then blocks until the test sets gate[0] to 1 and notifies it. */
  wait: (input: { gate: Int32Array }) => {
    Atomics.store(input.gate, 1, 1);
    Atomics.notify(input.gate, 1);
    Atomics.wait(input.gate, 0, 0);
    return "released";
  },
  overflow: (_input: null) => recurse(Number.MAX_SAFE_INTEGER),
  fail: (input: { message: string }) => {
    throw new Error(input.message);
  },
  refuse: (input: { message: string }) => {
    throw new TaskRefusal(input.message);
  },
};

export type FixtureTasks = typeof FIXTURE_TASKS;

export default taskRunner(FIXTURE_TASKS);

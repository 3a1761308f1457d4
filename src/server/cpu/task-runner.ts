// The worker side of the CPU pool: a table of synchronous tasks, each announced as started (so the
// main thread starts its clock then, not while the task waited in the queue) before it runs.

// biome-ignore lint/suspicious/noExplicitAny: each task declares its own input and result types
export type TaskTable = Record<string, (input: any) => unknown>;

/** What the pool posts to a worker for one task. */
export interface TaskMessage {
  task: string;
  input: unknown;
  /** Shared with the main thread: the worker sets [0] to 1 and notifies when the task starts. */
  started: Int32Array;
}

export const STARTED = 1;

/** Thrown by a task that refuses its input; the caller gets a 422 with this message. */
export class TaskRefusal extends Error {}

/** How a refusal crosses the thread boundary (an Error subclass would arrive as a plain Error). */
export interface Refused {
  refused: string;
}
const REFUSED_TAG = "__cpuTaskRefused";

export function isRefused(result: unknown): result is Refused {
  return typeof result === "object" && result !== null && (result as Record<string, unknown>)[REFUSED_TAG] === true;
}

export function taskRunner(table: TaskTable) {
  return (message: TaskMessage): unknown => {
    Atomics.store(message.started, 0, STARTED);
    Atomics.notify(message.started, 0);
    const run = Object.hasOwn(table, message.task) ? table[message.task] : undefined;
    if (!run) throw new Error(`Unknown CPU task: ${message.task}`);
    try {
      return run(message.input);
    } catch (err) {
      if (err instanceof TaskRefusal) return { [REFUSED_TAG]: true, refused: err.message };
      throw err;
    }
  };
}

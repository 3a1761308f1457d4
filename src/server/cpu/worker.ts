// Entry of a CPU pool worker thread (bundled as dist/server/cpu-worker.js by scripts/build-server.mjs).
import { taskRunner } from "./task-runner";
import { CPU_TASKS } from "./tasks";

export default taskRunner(CPU_TASKS);

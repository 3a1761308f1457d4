// Run from the sources (tsx, Vitest), a pool worker is TypeScript: this thread registers tsx's
// loader for itself, then loads the worker module named in workerData.cpuWorker.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const worker = await import(workerData.cpuWorker);
export default worker.default;

// Tests only: the test app with the batch queue and its workers started in-process.

import type { BatchResponse } from "../../../shared/batches";
import { createLogger } from "../../logger";
import { createTestApp, type TestApp, type TestAppOptions } from "../../testing/test-app";
import { type BatchRuntime, type BatchRuntimeOptions, startBatchRuntime } from "../runtime";

export interface BatchTestApp extends TestApp {
  runtime: BatchRuntime;
  /** The batch as the owner's GET answers it. */
  batch(headers: Record<string, string>, id: string): Promise<BatchResponse>;
}

export const FAST_RUNTIME: BatchRuntimeOptions = {
  concurrency: 2,
  userConcurrency: 2,
  workers: true,
  heartbeatSeconds: 10,
  pollSeconds: 0.5,
  wakeEveryMs: 250,
};

export async function createBatchTestApp(
  opts: TestAppOptions & { runtime?: Partial<BatchRuntimeOptions> } = {},
): Promise<BatchTestApp> {
  const t = await createTestApp(opts);
  let runtime: BatchRuntime;
  try {
    runtime = await startBatchRuntime(t.database, t.deps.batches, createLogger("silent"), {
      ...FAST_RUNTIME,
      ...opts.runtime,
    });
  } catch (err) {
    await t.close();
    throw err;
  }
  return {
    ...t,
    runtime,
    batch: async (headers, id) => {
      const res = await t.app.request(`/api/batches/${id}`, { headers });
      if (res.status !== 200) throw new Error(`GET batch: ${res.status} ${await res.text()}`);
      return (await res.json()) as BatchResponse;
    },
    close: async () => {
      await runtime.stop();
      await t.close();
    },
  };
}

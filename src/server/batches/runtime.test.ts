// The batch runtime's nudge: a worker that finished a job fetches again at once (bench/batch.ts
// measures what it saves; here, that it reaches exactly the busy workers of the row queue).
import type { WipData } from "pg-boss";
import { describe, expect, it } from "vitest";
import { ROW_QUEUE } from "./queue";
import { fetchAgainAtOnce } from "./runtime";

const worker = (id: string, name: string, count: number) => ({ id, name, count }) as unknown as WipData;

describe("fetchAgainAtOnce", () => {
  it("notifies the row queue's busy workers, not idle ones or other queues'", () => {
    const notified: string[] = [];
    fetchAgainAtOnce({
      getWipData: () => [
        worker("busy", ROW_QUEUE, 1),
        worker("idle", ROW_QUEUE, 0),
        worker("other", "another-queue", 1),
        worker("busy-too", ROW_QUEUE, 1),
      ],
      notifyWorker: (id: string) => {
        notified.push(id);
      },
    });
    expect(notified).toEqual(["busy", "busy-too"]);
  });
});

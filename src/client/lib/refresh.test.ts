// refreshQueries after a write, against a real QueryClient: a read sent before the write must not be
// the answer the query ends with, whether or not the query had data when the write landed.
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refreshQueries } from "./refresh";

const KEY = ["/api/things"] as const;

let cleanup: () => void = () => {};
afterEach(() => cleanup());

/**
 * A list on a fake server, shown by one mounted observer. Each read takes the list as it is when the
 * read is sent and answers only when the test releases it (`release(n)`: the n-th read, from 0).
 */
function mountList() {
  const server = { items: ["old"] };
  const held: Array<() => void> = [];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const queryFn = () => {
    const answer = [...server.items];
    return new Promise<string[]>((resolve) => held.push(() => resolve(answer)));
  };
  const observer = new QueryObserver(client, { queryKey: KEY, queryFn });
  const unsubscribe = observer.subscribe(() => {});
  cleanup = () => {
    unsubscribe();
    client.clear();
  };
  return {
    client,
    queryFn,
    observer,
    write: () => server.items.push("new"),
    reads: () => held.length,
    release: (n: number) => held[n]?.(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("refreshQueries", () => {
  it("ends with the answer from after the write when the first read was sent before it", async () => {
    const list = mountList();
    expect(list.reads()).toBe(1);
    // Someone else waiting on that first read (as useQuery or fetchQuery does) gets the new answer too.
    const joined = list.client.fetchQuery({ queryKey: KEY, queryFn: list.queryFn });
    list.write();
    const refreshed = refreshQueries(list.client, { queryKey: KEY });
    expect(list.reads()).toBe(2);
    list.release(1);
    await refreshed;
    expect(list.client.getQueryData(KEY)).toEqual(["old", "new"]);
    await expect(joined).resolves.toEqual(["old", "new"]);
    // The first read's answer, arriving last, is dropped.
    list.release(0);
    await settle();
    expect(list.observer.getCurrentResult().data).toEqual(["old", "new"]);
  });

  it("is needed: invalidating alone joins the first read and ends with the answer from before the write", async () => {
    const list = mountList();
    list.write();
    const invalidated = list.client.invalidateQueries({ queryKey: KEY });
    expect(list.reads()).toBe(1);
    list.release(0);
    await invalidated;
    await settle();
    expect(list.observer.getCurrentResult().data).toEqual(["old"]);
  });

  it("keeps the data shown while the new read is on its way when the query had data", async () => {
    const list = mountList();
    list.release(0);
    await settle();
    expect(list.client.getQueryData(KEY)).toEqual(["old"]);
    // A refetch sent before the write is still on its way.
    void list.observer.refetch();
    expect(list.reads()).toBe(2);
    const shown: unknown[] = [];
    const unsubscribe = list.client.getQueryCache().subscribe(({ query }) => shown.push(query.state.data));
    list.write();
    const refreshed = refreshQueries(list.client, { queryKey: KEY });
    expect(list.reads()).toBe(3);
    expect(list.observer.getCurrentResult()).toMatchObject({ data: ["old"], isFetching: true });
    list.release(2);
    await refreshed;
    list.release(1);
    await settle();
    unsubscribe();
    expect(list.observer.getCurrentResult().data).toEqual(["old", "new"]);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).not.toContain(undefined);
  });
});

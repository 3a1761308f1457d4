// Batches end to end on both databases: the HTTP contract, validation, the pipeline on the offline
// writer and the built-in detector, pause/resume/cancel, running out of credits, a step run twice.
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type {
  AdminJobsResponse,
  BatchCreatedResponse,
  BatchesResponse,
  BatchInvalidResponse,
} from "../../shared/batches";
import { OUT_OF_CREDITS_MESSAGE } from "../../shared/batches";
import { describeEachDatabase } from "../testing/databases";
import { type BatchTestApp, createBatchTestApp } from "./testing/batch-app";

const json = (body: unknown, headers: Record<string, string>) => ({
  method: "POST",
  headers: { ...headers, "content-type": "application/json" },
  body: JSON.stringify(body),
});
const WAIT = { timeout: 60_000, interval: 100 };

describeEachDatabase("batches", (kind) => {
  let t: BatchTestApp;
  beforeAll(async () => {
    t = await createBatchTestApp({ database: kind });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("runs a batch through draft, detection and SEO HTML, each step a version of the row's document", async () => {
    const ada = await t.signUp("ada-batch@example.com");
    const res = await t.app.request(
      "/api/batches",
      json(
        {
          name: "Garden posts",
          pipeline: { reviseRounds: 1, seo: true, platform: "wordpress" },
          defaults: { contentType: "Blog post", wordCount: 300 },
          rows: [{ topic: "Composting in small gardens" }, { topic: "Watering tomatoes", targetAudience: "beginners" }],
          start: true,
        },
        ada.headers,
      ),
    );
    expect(res.status).toBe(201);
    const { batch } = (await res.json()) as BatchCreatedResponse;
    expect(batch.estimateCredits).toBeGreaterThan(0);
    await vi.waitFor(async () => expect((await t.batch(ada.headers, batch.id)).batch.status).toBe("done"), WAIT);
    const done = await t.batch(ada.headers, batch.id);
    expect(done.batch.counts.done).toBe(2);
    for (const row of done.rows) {
      expect(row.documentId).toBeTruthy();
      expect(row.verdict).toBeTruthy();
      const doc = await t.app.request(`/api/documents/${row.documentId}`, { headers: ada.headers });
      const { document } = (await doc.json()) as { document: { versions: { kind: string; detection?: unknown }[] } };
      const kinds = document.versions.map((v) => v.kind);
      expect(kinds[0]).toBe("draft");
      expect(kinds.at(-1)).toBe("seo");
      expect(document.versions[0]?.detection).toBeTruthy();
    }
    // The credits each row says it spent are the ledger's usage rows of its steps.
    expect(done.batch.creditsSpent).toBe(done.rows.reduce((n, r) => n + r.creditsSpent, 0));
    expect(done.batch.creditsSpent).toBeGreaterThan(0);

    const list = (await (await t.app.request("/api/batches", { headers: ada.headers })).json()) as BatchesResponse;
    expect(list.batches.map((b) => b.id)).toContain(batch.id);

    const zip = await t.app.request(`/api/batches/${batch.id}/export.zip`, { headers: ada.headers });
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const names = Object.keys(files);
    expect(names.filter((n) => n.endsWith(".md"))).toHaveLength(2);
    expect(names.filter((n) => n.endsWith(".html"))).toHaveLength(2);
    expect(strFromU8(files["summary.csv"] as Uint8Array)).toContain("Composting in small gardens");
    const csv = await t.app.request(`/api/batches/${batch.id}/summary.csv`, { headers: ada.headers });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).split("\r\n")[0]).toContain("verdict");

    // Another user's batch is a 404 on every path.
    const eve = await t.signUp("eve-batch@example.com");
    for (const path of ["", "/export.zip", "/summary.csv"])
      expect((await t.app.request(`/api/batches/${batch.id}${path}`, { headers: eve.headers })).status).toBe(404);
    for (const action of ["start", "pause", "resume", "cancel", `rows/${done.rows[0]?.id}/retry`])
      expect((await t.app.request(`/api/batches/${batch.id}/${action}`, json({}, eve.headers))).status).toBe(404);
  }, 120_000);

  it("shows admins the queue and says in /api/health whether workers are alive", async () => {
    const admin = await t.signUp("jobs-admin@example.com", { admin: true });
    const user = await t.signUp("jobs-user@example.com");
    expect((await t.app.request("/api/admin/jobs", { headers: user.headers })).status).toBe(403);
    const res = await t.app.request("/api/admin/jobs", { headers: admin.headers });
    expect(res.status).toBe(200);
    const jobs = (await res.json()) as AdminJobsResponse;
    expect(jobs.queue).toBe("batch-row");
    expect(Object.keys(jobs.counts)).toEqual(["created", "retry", "active", "completed", "cancelled", "failed"]);
    expect(jobs.workers.alive).toBeGreaterThanOrEqual(1); // this process runs workers
    await vi.waitFor(async () => {
      const health = (await (await t.app.request("/api/health")).json()) as { workers: { alive: boolean } };
      expect(health.workers.alive).toBe(true);
    }, WAIT);
  });

  it("refuses a batch with invalid rows whole, naming each row's line and field", async () => {
    const bob = await t.signUp("bob-batch@example.com");
    const res = await t.app.request(
      "/api/batches",
      json(
        {
          pipeline: { reviseRounds: 0, seo: false },
          defaults: {},
          rows: [{ topic: "Fine" }, { topic: "" }, { topic: "Bad provider", aiProvider: "gemini" }],
        },
        bob.headers,
      ),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as BatchInvalidResponse;
    expect(body.code).toBe("VALIDATION");
    expect(body.rows).toEqual([
      { line: 2, field: "topic", message: "Topic is required" },
      { line: 3, field: "aiProvider", message: "AI provider must be anthropic or openai" },
    ]);
    const list = (await (await t.app.request("/api/batches", { headers: bob.headers })).json()) as BatchesResponse;
    expect(list.batches).toHaveLength(0);

    const bad = await t.app.request(
      "/api/batches",
      json({ pipeline: { reviseRounds: 4 }, rows: [{ topic: "x" }] }, bob.headers),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe("VALIDATION");
  });

  it("reads a CSV upload: rows created but not started; bad encoding, no header and bad rows refused", async () => {
    const cy = await t.signUp("cy-batch@example.com");
    const post = (body: BodyInit, type = "text/csv") =>
      t.app.request("/api/batches/csv", { method: "POST", headers: { ...cy.headers, "content-type": type }, body });
    const ok = await post(
      'keyword,content type,audience,word count\n"Tea, green",Blog post,tea lovers,400\nCoffee,,,\n',
    );
    expect(ok.status).toBe(201);
    const { batch } = (await ok.json()) as BatchCreatedResponse;
    expect(batch.status).toBe("draft");
    expect(batch.counts.queued).toBe(2);
    const got = await t.batch(cy.headers, batch.id);
    expect(got.rows.map((r) => r.topic)).toEqual(["Tea, green", "Coffee"]);

    const latin1 = await post(new Uint8Array([0x74, 0x6f, 0x70, 0x69, 0x63, 0x0a, 0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(latin1.status).toBe(400);
    expect(((await latin1.json()) as { error: string }).error).toMatch(/not UTF-8/);
    const noHeader = await post("Tea\nCoffee\n");
    expect(noHeader.status).toBe(400);
    expect(((await noHeader.json()) as { error: string }).error).toMatch(/no recognisable header/);
    const badRow = await post("topic,word count\nTea,\n,300\n");
    expect(badRow.status).toBe(400);
    expect(((await badRow.json()) as BatchInvalidResponse).rows).toEqual([
      { line: 2, field: "topic", message: "Topic is required" },
    ]);
    const tooMany = await post(`topic\n${Array.from({ length: 501 }, (_, i) => `t${i}`).join("\n")}\n`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/at most 500 rows/);
  });

  it("pauses, resumes and cancels", async () => {
    const dee = await t.signUp("dee-batch@example.com");
    const created = await t.app.request(
      "/api/batches",
      json(
        { pipeline: { reviseRounds: 0, seo: false }, rows: [{ topic: "One" }, { topic: "Two" }, { topic: "Three" }] },
        dee.headers,
      ),
    );
    const { batch } = (await created.json()) as BatchCreatedResponse;
    const act = async (action: string) =>
      (await t.app.request(`/api/batches/${batch.id}/${action}`, json({}, dee.headers))).status;
    expect(await act("pause")).toBe(409); // not started yet
    expect(await act("start")).toBe(200);
    expect(await act("start")).toBe(409);
    expect(await act("pause")).toBe(200);
    const paused = await t.batch(dee.headers, batch.id);
    expect(paused.batch.status).toBe("paused");
    expect(paused.rows.every((r) => r.status === "paused" || r.status === "done")).toBe(true);
    expect(await act("resume")).toBe(200);
    await vi.waitFor(async () => expect((await t.batch(dee.headers, batch.id)).batch.status).toBe("done"), WAIT);

    const second = await t.app.request(
      "/api/batches",
      json({ pipeline: { reviseRounds: 0, seo: false }, rows: [{ topic: "Four" }, { topic: "Five" }] }, dee.headers),
    );
    const b2 = ((await second.json()) as BatchCreatedResponse).batch;
    expect((await t.app.request(`/api/batches/${b2.id}/cancel`, json({}, dee.headers))).status).toBe(200);
    const cancelled = await t.batch(dee.headers, b2.id);
    expect(cancelled.batch.status).toBe("cancelled");
    expect(cancelled.batch.counts.cancelled).toBe(2);
    expect((await t.app.request(`/api/batches/${b2.id}/start`, json({}, dee.headers))).status).toBe(409);
    // Nothing held is left behind.
    const credits = await t.deps.ledger.balance(dee.userId);
    expect(credits.heldCredits).toBe(0);
  }, 120_000);

  it("pauses rows with 'Paused: out of credits' and resumes them once the balance grows", async () => {
    const { userId } = await t.insertUser("poor-batch@example.com");
    await t.deps.ledger.grant({ userId, amount: 3, type: "bonus", metadata: { reason: "test" } });
    const batch = await t.deps.batches.create(userId, {
      pipeline: { reviseRounds: 0, seo: true, platform: "wordpress" },
      defaults: {},
      rows: [{ topic: "Paid row one" }, { topic: "Paid row two" }],
      start: true,
    });
    const headersless = async () => t.deps.batches.get(userId, batch.id);
    // 3 credits pay for one row (detection 1 + SEO HTML 2): at least one row pauses, none fails.
    await vi.waitFor(async () => {
      const b = await headersless();
      expect(b.batch.counts.paused).toBeGreaterThanOrEqual(1);
      expect(b.batch.counts.paused + b.batch.counts.done).toBe(2);
    }, WAIT);
    const paused = (await headersless()).rows.filter((r) => r.status === "paused");
    for (const row of paused) expect(row.error).toBe(OUT_OF_CREDITS_MESSAGE);
    expect((await t.deps.ledger.balance(userId)).availableCredits).toBeLessThan(3);
    await t.deps.ledger.grant({ userId, amount: 10, type: "bonus", metadata: { reason: "test" } });
    await vi.waitFor(async () => expect((await headersless()).batch.status).toBe("done"), WAIT);
    const b = await headersless();
    expect(b.batch.creditsSpent).toBe(6);
    const balance = await t.deps.ledger.balance(userId);
    expect(balance.availableCredits).toBe(7);
    expect(balance.heldCredits).toBe(0);
  }, 120_000);
});

// Issue 16 #1 through the HTTP API: the markdown pipeline and the built-in detector run in the CPU
// pool, so the attack's inputs no longer freeze the server; what runs past the time limit, or has a
// shape no post has, answers 422 and takes no credit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEO_CONTENT_MAX } from "../../shared/seo";
import { RICH_MD } from "../seo/fixtures";
import { ledgerViolations } from "../testing/ledger-invariants";
import { postJson, signUpWithCredits } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";

/** The attack's body ("**_" × 63,334), cut to the content limit. */
const EMPHASIS_ATTACK = `# T\n\n${"**_".repeat(63_334)}`.slice(0, SEO_CONTENT_MAX);

async function available(t: TestApp, user: SignedUpUser): Promise<number> {
  const res = await t.app.request("/api/billing/credits", { headers: user.headers });
  return ((await res.json()) as { availableCredits: number }).availableCredits;
}

describe("CPU work of a request, with the default time limit", () => {
  let t: TestApp;
  let ada: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await signUpWithCredits(t, "ada@example.com", 100, "cpu budget");
  });
  afterAll(() => t.close());

  it("turns the attack's emphasis run into HTML while /api/health keeps answering", async () => {
    const produce = postJson(t, "/api/seo-produce-code", { content: EMPHASIS_ATTACK, platform: "wordpress" }, ada);
    const health = await t.app.request("/api/health");
    expect(health.status).toBe(200);
    const res = await produce;
    expect(res.status).toBe(200);
    const body = (await res.json()) as { optimizedHtml: string; creditsUsed: number };
    expect(body.optimizedHtml).toContain("<strong>");
    expect(body.creditsUsed).toBe(2);
  });

  it("takes a text of opening brackets up to the limit, and refuses one past it with what to change", async () => {
    const ok = await postJson(
      t,
      "/api/seo-produce-code",
      { content: "[".repeat(SEO_CONTENT_MAX), platform: "shopify" },
      ada,
    );
    expect(ok.status).toBe(200);
    const tooLong = await postJson(
      t,
      "/api/seo-produce-code",
      { content: "[".repeat(190_000), platform: "shopify" },
      ada,
    );
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error).toBe("Content must be at most 100000 characters");
  });

  it("refuses a shape no post has with a 422 that says what to change, charging nothing", async () => {
    const before = await available(t, ada);
    for (const path of ["/api/seo-produce-code", "/api/seo-revise-text", "/api/seo-optimize"]) {
      const res = await postJson(t, path, { content: `# T\n\n${"> ".repeat(60)}deep`, platform: "wordpress" }, ada);
      expect(res.status).toBe(422);
      expect((await res.json()).error).toMatch(/nests quotes or lists more than 40 levels deep\. Flatten them\./);
    }
    expect(await available(t, ada)).toBe(before);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe("CPU work of a request past its time limit", () => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bea: SignedUpUser;
  let cy: SignedUpUser;
  beforeAll(async () => {
    // The pool's tasks never finish here (a worker that blocks until it is stopped), so every run
    // passes the limit however fast the machine is.
    t = await createTestApp({
      env: { CPU_TIME_LIMIT_MS: "10" },
      cpuWorker: new URL("./testing/stalled-tasks.ts", import.meta.url),
    });
    ada = await signUpWithCredits(t, "ada@example.com", 100, "cpu budget");
    bea = await signUpWithCredits(t, "bea@example.com", 100, "cpu budget");
    cy = await signUpWithCredits(t, "cy@example.com", 100, "cpu budget");
  });
  afterAll(() => t.close());

  const LONG_POST = RICH_MD.repeat(Math.floor(SEO_CONTENT_MAX / RICH_MD.length));

  it("answers 422 with a clear message and takes no credit, on every SEO endpoint", async () => {
    // One user per endpoint: a user's third overrun within a minute is refused (the next test).
    const users = [ada, bea, cy];
    const before = await Promise.all(users.map((u) => available(t, u)));
    for (const [i, path] of ["/api/seo-produce-code", "/api/seo-revise-text", "/api/seo-optimize"].entries()) {
      const res = await postJson(t, path, { content: LONG_POST, platform: "wordpress" }, users[i]);
      expect(res.status).toBe(422);
      expect((await res.json()).error).toBe(
        "This text took too long to process (over 10 ms) and was stopped. Shorten it or simplify its formatting.",
      );
    }
    expect(await Promise.all(users.map((u) => available(t, u)))).toEqual(before);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("answers AI detection with success:false and the same message, charging nothing", async () => {
    const before = await available(t, ada);
    const text = "The bakery opens at seven and the bread sells out by noon most days. ".repeat(600);
    const res = await postJson(t, "/api/detect-ai", { text }, ada);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { aiDetection: { success: boolean; error?: string }; creditsUsed: number };
    expect(body.aiDetection.success).toBe(false);
    expect(body.aiDetection.error).toMatch(/took too long to process/);
    expect(body.creditsUsed).toBe(0);
    expect(await available(t, ada)).toBe(before);
  });

  it("refuses a user's CPU work with 429 and Retry-After after two overruns in a minute, and only theirs", async () => {
    // Ada's SEO request and her detection above both ran into the limit.
    const before = await available(t, ada);
    for (const [path, body] of [
      ["/api/detect-ai", { text: "A short text about bread and the bakery that sells it. ".repeat(20) }],
      ["/api/seo-produce-code", { content: LONG_POST, platform: "wordpress" }],
    ] as const) {
      const res = await postJson(t, path, body, ada);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({
        error:
          "Too many of your texts took too long to process. Try again in 1 minute, with a shorter or simpler text.",
      });
    }
    expect(await available(t, ada)).toBe(before);
    // Bea has one overrun: her next text is still tried (and stopped at the limit).
    const res = await postJson(t, "/api/seo-produce-code", { content: LONG_POST, platform: "wordpress" }, bea);
    expect(res.status).toBe(422);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe("one user's texts that run to the time limit (issue 26: six at once, 49,999 '[' each)", () => {
  let t: TestApp;
  let attacker: SignedUpUser;
  let victim: SignedUpUser;
  let bystander: SignedUpUser;
  const ATTACK = "[".repeat(49_999);
  const PROSE = "The bakery opens at seven and the bread sells out by noon most days. ".repeat(40);
  beforeAll(async () => {
    // The attack's texts block their worker until the limit stops them; every other text is scored.
    t = await createTestApp({
      env: { CPU_TIME_LIMIT_MS: "3000" },
      cpuWorker: new URL("./testing/bracket-stall-tasks.ts", import.meta.url),
    });
    attacker = await t.signUp("free@example.com"); // a free account
    victim = await signUpWithCredits(t, "victim@example.com", 100, "cpu fair share");
    bystander = await signUpWithCredits(t, "bystander@example.com", 100, "cpu fair share");
  });
  afterAll(() => t.close());

  it("leaves a worker for other users' detections, and refuses the rest of the attack with 429", async () => {
    // Two users at once, so both of the pool's workers have booted before the attack.
    for (const res of await Promise.all(
      [victim, bystander].map((u) => postJson(t, "/api/detect-ai", { text: PROSE }, u)),
    ))
      expect(res.status).toBe(200);

    let attackAnswered = 0;
    const attack = Array.from({ length: 6 }, async () => {
      const res = await postJson(t, "/api/detect-ai", { text: ATTACK }, attacker);
      attackAnswered++;
      return res;
    });
    // Every attack task is in the pool: running, or waiting for a worker.
    while (t.deps.cpu.queued < 4) await new Promise((resolve) => setImmediate(resolve));

    const res = await postJson(t, "/api/detect-ai", { text: PROSE }, victim);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { aiDetection: { success: boolean } }).aiDetection.success).toBe(true);
    // Before the fair share the victim's task waited behind all six, four of them answered first.
    expect(attackAnswered).toBeLessThanOrEqual(1);

    const answers = await Promise.all(attack);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    for (const r of answers) {
      const body = (await r.json()) as { aiDetection?: { success: boolean }; creditsUsed?: number; error?: string };
      if (r.status === 200) {
        expect(body.aiDetection?.success).toBe(false);
        expect(body.creditsUsed).toBe(0);
      } else {
        expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(body.error).toMatch(/^Too many of your texts took too long to process\./);
      }
    }
    // The attacker's next text is refused at once; the victim's is scored.
    expect((await postJson(t, "/api/detect-ai", { text: ATTACK }, attacker)).status).toBe(429);
    expect((await postJson(t, "/api/detect-ai", { text: PROSE }, victim)).status).toBe(200);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

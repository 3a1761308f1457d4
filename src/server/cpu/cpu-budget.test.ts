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
  beforeAll(async () => {
    // The pool's tasks never finish here (a worker that blocks until it is stopped), so every run
    // passes the limit however fast the machine is.
    t = await createTestApp({
      env: { CPU_TIME_LIMIT_MS: "10" },
      cpuWorker: new URL("./testing/stalled-tasks.ts", import.meta.url),
    });
    ada = await signUpWithCredits(t, "ada@example.com", 100, "cpu budget");
  });
  afterAll(() => t.close());

  const LONG_POST = RICH_MD.repeat(Math.floor(SEO_CONTENT_MAX / RICH_MD.length));

  it("answers 422 with a clear message and takes no credit, on every SEO endpoint", async () => {
    const before = await available(t, ada);
    for (const path of ["/api/seo-produce-code", "/api/seo-revise-text", "/api/seo-optimize"]) {
      const res = await postJson(t, path, { content: LONG_POST, platform: "wordpress" }, ada);
      expect(res.status).toBe(422);
      expect((await res.json()).error).toBe(
        "This text took too long to process (over 10 ms) and was stopped. Shorten it or simplify its formatting.",
      );
    }
    expect(await available(t, ada)).toBe(before);
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
});

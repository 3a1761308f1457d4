// The three SEO endpoints through the real app on a real database: contracts, the spec's validation
// messages, image URL refusal, hostile markdown neutralised end to end, and credits — a flat price
// where no model runs (produce-code; revise/optimize on the offline writer), the real tokens where a
// model revises (a loopback OpenAI-compatible fake), nothing for a failure or a 402.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { creditsForTokens } from "../../shared/credits-math";
import { SEO_CREDITS } from "../../shared/limits";
import type { SeoOptimizeResponse, SeoProduceResponse, SeoReviseResponse } from "../../shared/seo";
import { type FakeProviders, startFakeProviders } from "../ai/testing/fake-providers";
import { describeEachDatabase } from "../testing/databases";
import { ledgerViolations } from "../testing/ledger-invariants";
import { postJson, signUpWithCredits } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";

const para = (n: number, topic: string) =>
  Array.from(
    { length: n },
    (_, i) =>
      `Local bakeries win customers when their ${topic} answers the questions people ask before they walk in, point ${i + 1}.`,
  ).join(" ");

const DRAFT = `# How Small Bakeries Win Local Customers With Google Business Profile

${para(4, "profile")}

## Introduction

${para(5, "listing")}

## Photos that sell bread

${para(5, "photo gallery")} Read [the guide](https://example.com/guide) and [our prices](/prices).

- Fresh loaves at opening
- The team at work

## FAQ

### How often should I post photos?

${para(2, "photo schedule")}

## Conclusion

${para(3, "profile")}
`;

const HOSTILE = `# Title with </script><script>alert('title')</script> in it

Intro paragraph about bakeries and their customers, long enough to be a real introduction for the page.

<script>alert('x')</script>

<img src="x" onerror="alert(1)">

<iframe src="https://evil.example/"></iframe>

<style>body { display: none }</style>

<div onclick="alert(4)">raw block html</div>

## Links and images

A [bad link](javascript:alert(2)), a [data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==),
an [obfuscated one](jav&#x09;ascript:alert(5)) and a [good link](https://example.com/ok).

![tracking](javascript:alert(3)) ![fine](https://cdn.example.com/fine.jpg "ok")

Inline <b onmouseover="alert(6)">bold</b> and <a href="javascript:alert(7)">raw link</a> text.
`;

type Json = Record<string, unknown> & { error?: string };

describeEachDatabase("SEO endpoints on the offline writer", (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;

  beforeAll(async () => {
    t = await createTestApp({ database: kind });
    ada = await signUpWithCredits(t, "ada@example.com", 100, "seo tests");
  });
  afterAll(() => t?.close());

  const post = async <T = Json>(path: string, body: unknown, user: SignedUpUser | null = ada) => {
    const res = await postJson(t, path, body, user);
    return { status: res.status, json: (await res.json()) as T & { error?: string } };
  };
  const available = async () => (await t.deps.ledger.balance(ada.userId)).availableCredits;

  it("produce-code: HTML, head block, report and notes for each platform, a flat 2 credits each", async () => {
    for (const platform of ["wordpress", "shopify"] as const) {
      const before = await available();
      const { status, json } = await post<SeoProduceResponse>("/api/seo-produce-code", {
        content: DRAFT,
        platform,
        imageUrls: "https://cdn.example.com/a.jpg, https://cdn.example.com/b.jpg",
        datePublished: "2026-11-21",
      });
      expect(status, json.error).toBe(200);
      expect(Object.keys(json).sort()).toEqual([
        "creditsUsed",
        "documentId",
        "meta",
        "notes",
        "optimizedHtml",
        "platform",
        "report",
        "versionId",
      ]);
      expect(json.platform).toBe(platform);
      expect(json.creditsUsed).toBe(SEO_CREDITS.produceCode);
      expect(json.optimizedHtml).toMatch(/<h2[^>]* id="/);
      expect(json.optimizedHtml).not.toMatch(/<h1/i);
      expect(json.optimizedHtml).toContain("https://cdn.example.com/a.jpg");
      if (platform === "wordpress") expect(json.optimizedHtml).toMatch(/<!-- wp:heading/);
      else expect(json.optimizedHtml).not.toMatch(/<!-- wp:/);
      expect(json.meta.metaTitle.length).toBeLessThanOrEqual(60);
      expect(json.meta.metaDescription.length).toBeGreaterThanOrEqual(120);
      expect(json.meta.metaDescription.length).toBeLessThanOrEqual(156);
      expect(json.meta.slug).toMatch(/^[a-z0-9-]+$/);
      expect(json.meta.jsonLd.map((o) => o["@type"])).toEqual(expect.arrayContaining(["FAQPage"]));
      expect(JSON.stringify(json.meta.jsonLd)).toContain("2026-11-21");
      expect(json.report.score).toBeGreaterThanOrEqual(0);
      expect(json.report.score).toBeLessThanOrEqual(100);
      expect(json.report.checks.length).toBeGreaterThan(10);
      for (const c of json.report.checks) expect(["good", "ok", "bad"]).toContain(c.status);
      expect(json.notes.join(" ")).toMatch(platform === "shopify" ? /SEO fields/ : /block editor/);
      expect(before - (await available())).toBe(SEO_CREDITS.produceCode);
      // Issue 31: what was paid for survives a reload — the version keeps the report and meta fields.
      const saved = (await t.deps.documents.get(ada.userId, json.documentId)).versions.find(
        (v) => v.id === json.versionId,
      );
      expect(saved).toMatchObject({ kind: "seo", format: "html", platform, content: json.optimizedHtml });
      expect(saved?.seo).toEqual({ meta: json.meta, report: json.report, notes: json.notes });
    }
    const rows = (await t.deps.ledger.usage(ada.userId, 10)).filter((u) => u.endpoint === "/api/seo-produce-code");
    expect(rows.length).toBe(2);
    for (const r of rows) expect(r).toMatchObject({ creditsUsed: 2, aiProvider: null, shortfall: 0 });
  });

  it("produce-code neutralises hostile markdown end to end", async () => {
    for (const platform of ["wordpress", "shopify"] as const) {
      const { status, json } = await post<SeoProduceResponse>("/api/seo-produce-code", { content: HOSTILE, platform });
      expect(status, json.error).toBe(200);
      const html = json.optimizedHtml;
      expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
      expect(html).not.toMatch(/\son\w+\s*=/i);
      expect(html).not.toMatch(/javascript:|data:text|vbscript:/i);
      expect(html).not.toMatch(/<(iframe|style|object|embed|div onclick)/i);
      expect(html).not.toMatch(/alert\(/);
      expect(html).toContain('href="https://example.com/ok"');
      expect(html).toContain("https://cdn.example.com/fine.jpg");
      // The title is data inside the JSON-LD, never markup: no "</script>" can close the block early.
      for (const script of [html, json.meta.jsonLdScript]) {
        const inner = script.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? "";
        expect(inner).not.toMatch(/<\/?script/i);
      }
      expect(json.meta.jsonLdScript.match(/<\/script>/g)?.length).toBe(1);
    }
  });

  it("validates with the spec's messages and refuses a non-http(s) image URL, charging nothing", async () => {
    const before = await available();
    const usageBefore = (await t.deps.ledger.usage(ada.userId, 100)).length;
    for (const path of ["/api/seo-produce-code", "/api/seo-revise-text", "/api/seo-optimize"]) {
      expect(await post(path, { content: "", platform: "wordpress" })).toMatchObject({
        status: 400,
        json: { error: "Content is required" },
      });
      expect(await post(path, { content: "   \n ", platform: "wordpress" })).toMatchObject({
        status: 400,
        json: { error: "Content is required" },
      });
      expect(await post(path, { platform: "wordpress" })).toMatchObject({
        status: 400,
        json: { error: "Content is required" },
      });
      expect(await post(path, { content: DRAFT, platform: "wix" })).toMatchObject({
        status: 400,
        json: { error: "Platform must be wordpress or shopify" },
      });
      const img = await post(path, {
        content: DRAFT,
        platform: "wordpress",
        imageUrls: "https://cdn.example.com/a.jpg, javascript:alert(3)",
      });
      expect(img.status).toBe(400);
      expect(img.json.error).toBe("Image URL 2 is not an http(s) address: javascript:alert(3)");
      const dataUrl = await post(path, {
        content: DRAFT,
        platform: "shopify",
        imageUrls: "data:image/png;base64,AAAA",
      });
      expect(dataUrl.status).toBe(400);
      expect(dataUrl.json.error).toMatch(/^Image URL 1 is not an http\(s\) address/);
      expect((await post(path, { content: DRAFT, platform: "wordpress", aiProvider: "gemini" })).status).toBe(400);
      expect((await post(path, { content: DRAFT, platform: "wordpress" }, null)).status).toBe(401);
    }
    expect(await available()).toBe(before);
    expect((await t.deps.ledger.usage(ada.userId, 100)).length).toBe(usageBefore);
  });

  it("revise-text on the offline writer: keyphrase placed, report of the revised text, free with an offline usage row", async () => {
    const before = await available();
    const { status, json } = await post<SeoReviseResponse>("/api/seo-revise-text", {
      content: DRAFT,
      platform: "shopify",
      keyphrase: "bakery photos",
    });
    expect(status, json.error).toBe(200);
    expect(json).toMatchObject({
      platform: "shopify",
      keyphrase: "bakery photos",
      writer: "offline",
      aiProvider: "openai",
      creditsUsed: 0,
      tokensUsed: 0,
    });
    expect(json.revisedText.split("\n")[0]).toMatch(/^# Bakery photos: /);
    expect(json.revisedText).not.toMatch(/^## Introduction$/m);
    expect(json.report.checks.find((c) => c.id === "keyphrase-title")?.status).toBe("good");
    expect(json).not.toHaveProperty("optimizedHtml");
    expect(await available()).toBe(before);
    const [row] = await t.deps.ledger.usage(ada.userId, 1);
    expect(row).toMatchObject({ endpoint: "/api/seo-revise-text", creditsUsed: 0, aiProvider: "offline" });
  });

  it("optimize on the offline writer: revise then produce, paying only the HTML's produce-code price", async () => {
    const before = await available();
    const { status, json } = await post<SeoOptimizeResponse>("/api/seo-optimize", {
      content: DRAFT,
      platform: "wordpress",
      imageUrls: "https://cdn.example.com/a.jpg",
      aiProvider: "anthropic",
    });
    expect(status, json.error).toBe(200);
    expect(json.creditsUsed).toBe(SEO_CREDITS.produceCode);
    expect(json.writer).toBe("offline");
    expect(json.revisedText).toMatch(/^# /);
    expect(json.optimizedHtml).toMatch(/<!-- wp:paragraph/);
    // The HTML is built from the revised text, not the original.
    expect(json.optimizedHtml).not.toMatch(/>Introduction</);
    expect(json.meta.keyphrase.length).toBeGreaterThan(0);
    expect(json.report.checks.length).toBeGreaterThan(10);
    expect(json.notes.length).toBeGreaterThan(0);
    expect(before - (await available())).toBe(SEO_CREDITS.produceCode);
    const saved = (await t.deps.documents.get(ada.userId, json.documentId)).versions.at(-1);
    expect(saved?.seo).toEqual({ meta: json.meta, report: json.report, notes: json.notes });
    const [row] = await t.deps.ledger.usage(ada.userId, 1);
    expect(row).toMatchObject({
      endpoint: "/api/seo-optimize",
      creditsUsed: SEO_CREDITS.produceCode,
      aiProvider: "offline",
    });
    const b = await t.deps.ledger.balance(ada.userId);
    expect(b.heldCredits).toBe(0);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("answers 402 before any work when the balance cannot cover the price", async () => {
    const carol = await t.signUp("carol@example.com");
    const { availableCredits } = await t.deps.ledger.balance(carol.userId);
    if (availableCredits > 1)
      await t.deps.ledger.reverse({ userId: carol.userId, amount: availableCredits - 1, type: "refund" });
    for (const path of ["/api/seo-produce-code", "/api/seo-optimize"]) {
      const res = await post(path, { content: DRAFT, platform: "wordpress" }, carol);
      expect(res.status, path).toBe(402);
      expect(res.json.error).toMatch(/^Insufficient credits/);
    }
    const b = await t.deps.ledger.balance(carol.userId);
    expect(b).toMatchObject({ availableCredits: 1, heldCredits: 0 });
    expect(await t.deps.ledger.usage(carol.userId, 10)).toEqual([]);
    // The offline writer's revision is free, so it runs on any balance.
    const free = await post("/api/seo-revise-text", { content: DRAFT, platform: "wordpress" }, carol);
    expect(free.status).toBe(200);
    expect(await t.deps.ledger.balance(carol.userId)).toMatchObject({ availableCredits: 1, heldCredits: 0 });
  });
});

describe("SEO revision with a model (loopback OpenAI-compatible fake)", () => {
  let fake: FakeProviders;
  let t: TestApp;
  let ada: SignedUpUser;
  const REVISED = `# Bakery photos: how small bakeries win local customers\n\nBakery photos bring people in. ${para(6, "bakery photos")}\n\n## Bakery photos that sell bread\n\n${para(6, "gallery")}\n`;

  beforeAll(async () => {
    fake = await startFakeProviders();
    t = await createTestApp({ env: { OPENAI_API_KEY: "sk-test-openai-key", OPENAI_BASE_URL: fake.baseUrl } });
    ada = await signUpWithCredits(t, "ada@example.com", 100, "seo model tests");
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const post = async <T = Json>(path: string, body: unknown) => {
    const res = await postJson(t, path, body, ada);
    return { status: res.status, json: (await res.json()) as T & { error?: string } };
  };

  it("revise-text settles on the real tokens, with the SEO prompt and the focus keyphrase sent", async () => {
    fake.script({ kind: "text", text: `Here is the revision.\n\n${REVISED}`, inputTokens: 1200, outputTokens: 1100 });
    const before = (await t.deps.ledger.balance(ada.userId)).availableCredits;
    const { status, json } = await post<SeoReviseResponse>("/api/seo-revise-text", {
      content: DRAFT,
      platform: "wordpress",
      keyphrase: "bakery photos",
    });
    expect(status, json.error).toBe(200);
    expect(json.writer).toBe("openai");
    expect(json.tokensUsed).toBe(2300);
    expect(json.creditsUsed).toBe(creditsForTokens(2300));
    // The preamble before the H1 is dropped.
    expect(json.revisedText).toBe(REVISED);
    expect(json.keyphrase).toBe("bakery photos");
    expect(before - (await t.deps.ledger.balance(ada.userId)).availableCredits).toBe(json.creditsUsed);
    const sent = JSON.stringify(fake.calls[0]?.body ?? {});
    expect(sent).toContain("SEO editor");
    expect(sent).toContain('Focus keyphrase: \\"bakery photos\\"');
    const [row] = await t.deps.ledger.usage(ada.userId, 1);
    expect(row).toMatchObject({ endpoint: "/api/seo-revise-text", requestTokens: 1200, responseTokens: 1100 });
  });

  // Issue 26: delivered is paid. The version's save fails on purpose; the charge commits on its own.
  it("revise-text whose save fails: charged, nothing saved, 'Saved nothing' with the revision", async () => {
    fake.script({ kind: "text", text: REVISED, inputTokens: 1000, outputTokens: 1000 });
    const failing = vi.spyOn(t.deps.documents, "saveVersion").mockRejectedValueOnce(new Error("injected: disk full"));
    try {
      const before = (await t.deps.ledger.balance(ada.userId)).availableCredits;
      const { status, json } = await post<{ code: string; text: string; creditsUsed: number }>("/api/seo-revise-text", {
        content: DRAFT,
        platform: "wordpress",
        keyphrase: "bakery photos",
      });
      expect(failing).toHaveBeenCalledTimes(1);
      expect(status).toBe(500);
      expect(json.error).toMatch(/^Saved nothing: /);
      expect(json).toMatchObject({ code: "NOT_SAVED", text: REVISED, creditsUsed: creditsForTokens(2000) });
      expect(before - (await t.deps.ledger.balance(ada.userId)).availableCredits).toBe(creditsForTokens(2000));
      expect((await t.deps.ledger.balance(ada.userId)).heldCredits).toBe(0);
      const [row] = await t.deps.ledger.usage(ada.userId, 1);
      expect(row).toMatchObject({ endpoint: "/api/seo-revise-text", creditsUsed: creditsForTokens(2000) });
    } finally {
      failing.mockRestore();
    }
  });

  it("optimize builds the HTML from the model's revision and settles its tokens", async () => {
    fake.script({ kind: "text", text: REVISED, inputTokens: 900, outputTokens: 800 });
    const { status, json } = await post<SeoOptimizeResponse>("/api/seo-optimize", {
      content: DRAFT,
      platform: "shopify",
    });
    expect(status, json.error).toBe(200);
    expect(json.revisedText).toBe(REVISED);
    expect(json.optimizedHtml).toMatch(/<h2 id="bakery-photos-that-sell-bread">/);
    expect(json.creditsUsed).toBe(creditsForTokens(1700));
    expect(json.meta.metaTitle).toMatch(/^Bakery photos/);
  });

  it("a provider failure answers its §8 text, releases the hold and charges nothing", async () => {
    fake.script({
      kind: "http-error",
      status: 401,
      body: {
        error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" },
      },
    });
    const before = await t.deps.ledger.balance(ada.userId);
    const usageBefore = (await t.deps.ledger.usage(ada.userId, 100)).length;
    const { status, json } = await post("/api/seo-optimize", { content: DRAFT, platform: "wordpress" });
    expect(status).toBe(502);
    expect(json.error).toMatch(/authentication/i);
    const after = await t.deps.ledger.balance(ada.userId);
    expect(after.availableCredits).toBe(before.availableCredits);
    expect(after.heldCredits).toBe(0);
    expect((await t.deps.ledger.usage(ada.userId, 100)).length).toBe(usageBefore);
  });

  it("produce-code never calls the model", async () => {
    const { status, json } = await post<SeoProduceResponse>("/api/seo-produce-code", {
      content: DRAFT,
      platform: "wordpress",
    });
    expect(status).toBe(200);
    expect(json.creditsUsed).toBe(SEO_CREDITS.produceCode);
    expect(fake.calls.length).toBe(0);
  });
});

// POST /api/detect-ai through the real app on a real database: 1 credit per successful check, recorded
// in its usage row; nothing charged for a refusal (too short, not English), a failing third-party detector
// (a loopback GPTZero fake answering 500) or a 402; 413 above the limit; requestId attaches the result
// to the caller's own request only.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DETECTION_MAX_CHARS, type DetectResponse, VERDICT_LABELS, verdictConflicts } from "../../shared/detection";
import { apiRequests, detectionChecks } from "../db/schema";
import { describeEachDatabase } from "../testing/databases";
import { ledgerViolations } from "../testing/ledger-invariants";
import { appWithAdaAndBob, postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";

const DRAFT = `# Why small bakeries should post daily photos

In today's fast-paced digital landscape, it is important to note that a vibrant online presence plays a pivotal role for local bakeries. Moreover, fresh photos foster trust and underscore the quality of every loaf.

We tried it at our shop on Elm Street last March. I posted a photo of the sourdough at 7 a.m. every day for three weeks, and walk-ins went up by about 12 percent. Honestly, I didn't expect that.

- Shoot near the window
- Post before the morning rush

Furthermore, consistent posting is a testament to your commitment, highlighting your dedication to craft and community.
`;
/** DRAFT with a line of its own: a text never checked before (a re-check of the same text is free). */
let drafts = 0;
const freshDraft = () =>
  `${DRAFT}\nNote ${++drafts}: we kept a log of every post and the walk-ins it brought that week.\n`;
const SHORT = "Too short to judge. Really.";
const FRENCH =
  "Les boulangeries de quartier gagnent des clients quand leur profil répond aux questions que les gens se posent avant de venir. " +
  "Il faut publier des photos du pain frais chaque matin, répondre aux avis et indiquer les horaires exacts. " +
  "Les clients aiment voir la vitrine, les croissants et l'équipe au travail, surtout le week-end quand la boutique est pleine.";

async function post(t: TestApp, body: unknown, user?: SignedUpUser) {
  const res = await postJson(t, "/api/detect-ai", body, user);
  return { status: res.status, json: (await res.json()) as DetectResponse & { error?: string } };
}

describeEachDatabase("POST /api/detect-ai", (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    ({ t, ada, bob } = await appWithAdaAndBob(kind, 20, "detection tests"));
  });
  afterAll(() => t?.close());

  const balance = (u: SignedUpUser) => t.deps.ledger.balance(u.userId);
  const usage = (u: SignedUpUser) => t.deps.ledger.usage(u.userId, 100);

  it("answers the spec's result with per-sentence scores and charges 1 credit once, recorded as usage", async () => {
    const before = await balance(ada);
    const usageBefore = (await usage(ada)).length;
    const { status, json } = await post(t, { text: DRAFT }, ada);
    expect(status, json.error).toBe(200);
    const r = json.aiDetection;
    expect(r.success).toBe(true);
    expect(r.detector).toBe("builtin");
    expect(r.aiPercentage + r.humanPercentage).toBe(100);
    expect(r.wordCount).toBeGreaterThan(60);
    expect(typeof r.isAiGenerated).toBe("boolean");
    for (const s of r.aiSentences) expect(DRAFT).toContain(s);
    expect(r.sentences?.length).toBeGreaterThan(3);
    for (const s of r.sentences ?? []) expect(DRAFT.slice(s.start, s.end)).toBe(s.text);
    // Headings and list markers are never sentences.
    expect(r.sentences?.some((s) => s.text.startsWith("#"))).toBe(false);
    expect(r.aiSentences.some((s) => /pivotal role/.test(s))).toBe(true);
    // The verdict travels with the numbers and agrees with them.
    expect(Object.keys(VERDICT_LABELS)).toContain(r.verdict.level);
    expect(r.verdict.reason.length).toBeGreaterThan(10);
    expect(verdictConflicts(r)).toEqual([]);
    expect(json.creditsUsed).toBe(1);

    const after = await balance(ada);
    expect(before.availableCredits - after.availableCredits).toBe(1);
    expect(after.heldCredits).toBe(0);
    const rows = await usage(ada);
    expect(rows.length).toBe(usageBefore + 1);
    expect(rows[0]).toMatchObject({ endpoint: "/api/detect-ai", creditsUsed: 1, aiProvider: "builtin", shortfall: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("charges each check once: three checks cost three credits", async () => {
    const before = await balance(ada);
    const results = await Promise.all([1, 2, 3].map(() => post(t, { text: freshDraft() }, ada)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = await balance(ada);
    expect(before.availableCredits - after.availableCredits).toBe(3);
    expect(after.heldCredits).toBe(0);
  });

  it("answers a re-check of the same text from the caller's stored check, free, and attaches it where asked", async () => {
    const text = freshDraft();
    const first = await post(t, { text }, ada);
    expect(first.status, first.json.error).toBe(200);
    expect(first.json).toMatchObject({ creditsUsed: 1 });
    expect(first.json.cached).toBeUndefined();
    const before = await balance(ada);
    const usageBefore = (await usage(ada)).length;

    const again = await post(t, { text }, ada);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ creditsUsed: 0, cached: true });
    expect(again.json.aiDetection).toEqual(first.json.aiDetection);
    expect(await balance(ada)).toMatchObject({ availableCredits: before.availableCredits, heldCredits: 0 });
    expect((await usage(ada)).length).toBe(usageBefore);

    // Attached to a version of the caller's document like a paid check, still free.
    const drafted = await postJson(
      t,
      "/api/execute",
      { currentDate: "2026-01-01", contentType: "a post", aiProvider: "openai" },
      ada,
    );
    const { documentId, versionId } = (await drafted.json()) as { documentId: string; versionId: string };
    const paidBefore = (await balance(ada)).availableCredits;
    const attached = await post(t, { text, documentId, versionId }, ada);
    expect(attached.json).toMatchObject({ creditsUsed: 0, cached: true });
    const doc = await t.deps.documents.get(ada.userId, documentId);
    expect(doc.versions.find((v) => v.id === versionId)?.detection).toEqual(first.json.aiDetection);
    expect((await balance(ada)).availableCredits).toBe(paidBefore);

    // One character more is another text; another user's check of the same text is theirs to pay.
    const edited = await post(t, { text: `${text}.` }, ada);
    expect(edited.json).toMatchObject({ creditsUsed: 1 });
    const bobs = await post(t, { text }, bob);
    expect(bobs.json).toMatchObject({ creditsUsed: 1 });
    expect(bobs.json.cached).toBeUndefined();

    // Other weights (or another detector) check afresh: the stored check names the detector that made it.
    await t.db
      .update(detectionChecks)
      .set({ detectorKey: "builtin:retired-weights" })
      .where(eq(detectionChecks.userId, ada.userId));
    const retrained = await post(t, { text }, ada);
    expect(retrained.json).toMatchObject({ creditsUsed: 1 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("charges nothing for a text too short to judge or not in English, and says why", async () => {
    const before = await balance(ada);
    const usageBefore = (await usage(ada)).length;
    const short = await post(t, { text: SHORT }, ada);
    expect(short.status).toBe(200);
    expect(short.json.aiDetection).toMatchObject({
      success: false,
      aiPercentage: 0,
      humanPercentage: 100,
      aiSentences: [],
    });
    expect(short.json.aiDetection.error).toMatch(/too short/i);
    expect(short.json.aiDetection.verdict).toMatchObject({
      level: "uncertain",
      reason: expect.stringMatching(/^Too short/),
    });
    expect(short.json.creditsUsed).toBe(0);
    const french = await post(t, { text: FRENCH }, ada);
    expect(french.status).toBe(200);
    expect(french.json.aiDetection.success).toBe(false);
    expect(french.json.aiDetection.error).toMatch(/English/);
    const after = await balance(ada);
    expect(after.availableCredits).toBe(before.availableCredits);
    expect(after.heldCredits).toBe(0);
    expect((await usage(ada)).length).toBe(usageBefore);
  });

  it("answers 413 with the limit above DETECTION_MAX_CHARS, before any credit moves", async () => {
    const before = await balance(ada);
    const long = "Word ".repeat(DETECTION_MAX_CHARS / 5 + 1);
    expect(long.length).toBeGreaterThan(DETECTION_MAX_CHARS);
    const { status, json } = await post(t, { text: long }, ada);
    expect(status).toBe(413);
    expect(json.error).toMatch(/50,000 characters/);
    // Exactly at the limit is accepted.
    const atLimit = await post(t, { text: `${DRAFT} `.repeat(60).slice(0, DETECTION_MAX_CHARS) }, ada);
    expect(atLimit.status).toBe(200);
    const after = await balance(ada);
    expect(before.availableCredits - after.availableCredits).toBe(atLimit.json.aiDetection.success ? 1 : 0);
  });

  it("validates: text required (spec message), sign-in required", async () => {
    const empty = await post(t, { text: "   " }, ada);
    expect(empty).toMatchObject({ status: 400, json: { error: "Text is required" } });
    // No `text` key at all: the same words as spec §7, not zod's "text is required".
    const missing = await post(t, {}, ada);
    expect(missing).toMatchObject({ status: 400, json: { error: "Text is required" } });
    const notText = await post(t, { text: 42 }, ada);
    expect(notText).toMatchObject({ status: 400, json: { error: "Text is required" } });
    const signedOut = await post(t, { text: DRAFT });
    expect(signedOut.status).toBe(401);
  });

  it("answers 402 'Insufficient credits' and does no work when the balance cannot cover the check", async () => {
    const carol = await t.signUp("carol@example.com");
    const { availableCredits } = await t.deps.ledger.balance(carol.userId);
    if (availableCredits > 0)
      await t.deps.ledger.reverse({ userId: carol.userId, amount: availableCredits, type: "refund" });
    expect((await t.deps.ledger.balance(carol.userId)).availableCredits).toBe(0);
    const { status, json } = await post(t, { text: DRAFT }, carol);
    expect(status).toBe(402);
    expect(json.error).toMatch(/^Insufficient credits/);
    expect(json).toMatchObject({ code: "INSUFFICIENT_CREDITS", required: 1, available: 0 });
    expect(await t.deps.ledger.usage(carol.userId, 10)).toEqual([]);
    expect((await t.deps.ledger.balance(carol.userId)).heldCredits).toBe(0);
  });

  it("lets exactly M of N concurrent checks through on a balance of M: the rest 402, nothing overspent", async () => {
    const dora = await t.signUp(`dora-${kind}@example.com`);
    const { availableCredits } = await t.deps.ledger.balance(dora.userId);
    if (availableCredits > 0)
      await t.deps.ledger.reverse({ userId: dora.userId, amount: availableCredits, type: "refund" });
    await t.deps.ledger.grant({ userId: dora.userId, amount: 4, type: "grant", metadata: { reason: "race" } });
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t, { text: freshDraft() }, dora)));
    const paid = results.filter((r) => r.status === 200);
    expect(paid).toHaveLength(4);
    for (const r of paid) expect(r.json).toMatchObject({ creditsUsed: 1, aiDetection: { success: true } });
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual(Array(6).fill(402));
    for (const r of refused) expect(r.json).toMatchObject({ code: "INSUFFICIENT_CREDITS", required: 1, available: 0 });
    expect(await t.deps.ledger.balance(dora.userId)).toMatchObject({
      availableCredits: 0,
      heldCredits: 0,
      usedCredits: 4,
    });
    expect(await t.deps.ledger.usage(dora.userId, 100)).toHaveLength(4);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it("charges nothing when the client has gone before the detection is delivered", async () => {
    const before = await balance(ada);
    const usageBefore = (await usage(ada)).length;
    const gone = new AbortController();
    gone.abort();
    const res = await t.app.request("/api/detect-ai", {
      method: "POST",
      headers: { "content-type": "application/json", ...ada.headers },
      body: JSON.stringify({ text: freshDraft() }),
      signal: gone.signal,
    });
    // Nobody reads this answer; what matters is that nothing was charged for it.
    expect([200, 499]).toContain(res.status);
    expect(await balance(ada)).toMatchObject({ availableCredits: before.availableCredits, heldCredits: 0 });
    expect((await usage(ada)).length).toBe(usageBefore);
  });

  it("attaches the result to the caller's own request (by id or uuid), never to someone else's", async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    const [adaRow] = await t.db
      .insert(apiRequests)
      .values({ userId: ada.userId, requestId: mine, contentType: "test" })
      .returning({ id: apiRequests.id });
    const [bobRow] = await t.db
      .insert(apiRequests)
      .values({ userId: bob.userId, requestId: theirs, contentType: "test" })
      .returning({ id: apiRequests.id });
    const stored = async (id: number) =>
      (await t.db.select().from(apiRequests).where(eq(apiRequests.id, id)))[0]?.aiDetectionResult as {
        success: boolean;
        aiPercentage: number;
      } | null;

    const paidBefore = (await balance(ada)).availableCredits;
    const usageBefore = (await usage(ada)).length;
    const byId = await post(t, { text: freshDraft(), requestId: adaRow.id }, ada);
    expect(byId.status).toBe(200);
    expect(await stored(adaRow.id)).toMatchObject({ success: true, aiPercentage: byId.json.aiDetection.aiPercentage });
    // Saved with its charge: one credit, one usage row.
    expect((await balance(ada)).availableCredits).toBe(paidBefore - 1);
    expect((await usage(ada)).length).toBe(usageBefore + 1);

    await t.db.update(apiRequests).set({ aiDetectionResult: null }).where(eq(apiRequests.id, adaRow.id));
    const byUuid = await post(t, { text: DRAFT, requestId: mine }, ada);
    expect(byUuid.status).toBe(200);
    expect((await stored(adaRow.id))?.success).toBe(true);
    const byDigits = await post(t, { text: DRAFT, requestId: String(adaRow.id) }, ada);
    expect(byDigits.status).toBe(200);

    // Someone else's request: 404 (not 403: the id's existence is not revealed), no charge, untouched.
    const before = await balance(ada);
    for (const requestId of [bobRow.id, theirs, 987654, "no-such-request"]) {
      const res = await post(t, { text: DRAFT, requestId }, ada);
      expect(res.status, String(requestId)).toBe(404);
      expect(res.json.error).toMatch(/Request not found/);
    }
    expect(await stored(bobRow.id)).toBeNull();
    expect((await balance(ada)).availableCredits).toBe(before.availableCredits);

    // Issue 26: attaching to a version fails after the verdict was reached: charged all the same, the
    // verdict handed over with "Saved nothing: …".
    const drafted = await postJson(
      t,
      "/api/execute",
      { currentDate: "2026-01-01", contentType: "a post", aiProvider: "openai" },
      ada,
    );
    const { documentId, versionId } = (await drafted.json()) as { documentId: string; versionId: string };
    expect(drafted.status).toBe(200);
    const paid = (await balance(ada)).availableCredits;
    const withUsage = (await usage(ada)).length;
    const failing = vi
      .spyOn(t.deps.documents, "attachDetection")
      .mockRejectedValueOnce(new Error("injected: attaching failed"));
    let notSaved: Awaited<ReturnType<typeof post>>;
    try {
      notSaved = await post(t, { text: freshDraft(), documentId, versionId }, ada);
    } finally {
      failing.mockRestore();
    }
    expect(notSaved.status).toBe(500);
    expect(notSaved.json.error).toMatch(/^Saved nothing: The verdict/);
    expect(notSaved.json.aiDetection.success).toBe(true);
    expect((await balance(ada)).availableCredits).toBe(paid - 1);
    expect((await usage(ada)).length).toBe(withUsage + 1);

    // A refusal is not attached (it would overwrite a real result).
    const refused = await post(t, { text: SHORT, requestId: adaRow.id }, ada);
    expect(refused.json.aiDetection.success).toBe(false);
    expect((await stored(adaRow.id))?.success).toBe(true);
  });
});

describe("POST /api/detect-ai with a third-party detector (loopback GPTZero fake)", () => {
  let server: Server;
  let t: TestApp;
  let ada: SignedUpUser;
  let mode: "fail" | "ok" = "fail";
  let calls = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        calls += 1;
        if (mode === "fail") {
          res.writeHead(500, { "content-type": "application/json" });
          res.end('{"error":"internal"}');
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            documents: [
              {
                completely_generated_prob: 0.91,
                sentences: [
                  {
                    sentence:
                      "In today's fast-paced digital landscape, it is important to note that a vibrant online presence plays a pivotal role for local bakeries.",
                    generated_prob: 0.97,
                    highlight_sentence_for_ai: true,
                  },
                ],
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    t = await createTestApp({
      env: { DETECTOR: "gptzero", GPTZERO_API_KEY: "test-key", GPTZERO_BASE_URL: `http://127.0.0.1:${port}` },
    });
    ada = await t.signUp("ada@example.com");
  });
  afterAll(async () => {
    await t?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("a failing service answers 200 with success:false and a clear error, and charges nothing", async () => {
    mode = "fail";
    const before = await t.deps.ledger.balance(ada.userId);
    const { status, json } = await post(t, { text: DRAFT }, ada);
    expect(status).toBe(200);
    expect(calls).toBeGreaterThan(0);
    expect(json.aiDetection).toMatchObject({ success: false, detector: "gptzero", aiSentences: [] });
    expect(json.aiDetection.error).toMatch(/unavailable.*HTTP 500/);
    const after = await t.deps.ledger.balance(ada.userId);
    expect(after.availableCredits).toBe(before.availableCredits);
    expect(after.heldCredits).toBe(0);
    expect(await t.deps.ledger.usage(ada.userId, 10)).toEqual([]);
  });

  it("a working service is charged 1 credit, recorded with the detector's name", async () => {
    mode = "ok";
    const before = await t.deps.ledger.balance(ada.userId);
    const { status, json } = await post(t, { text: DRAFT }, ada);
    expect(status).toBe(200);
    expect(json.aiDetection).toMatchObject({ success: true, detector: "gptzero", aiPercentage: 91 });
    expect(json.aiDetection.aiSentences).toHaveLength(1);
    expect(before.availableCredits - (await t.deps.ledger.balance(ada.userId)).availableCredits).toBe(1);
    const [row] = await t.deps.ledger.usage(ada.userId, 10);
    expect(row).toMatchObject({ endpoint: "/api/detect-ai", aiProvider: "gptzero", creditsUsed: 1 });
  });
});

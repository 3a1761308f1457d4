// The document library through the real app on a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL), answered by the offline writer: every paid step saves its output as a version
// in the transaction that settles it; the API is the caller's own (404 for anyone else's ids, 400 for
// malformed ones); a failure between settle and save keeps neither.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import type { DetectResponse } from "../../shared/detection";
import type { DocumentListResponse, DocumentResponse } from "../../shared/documents";
import type { SeoOptimizeResponse, SeoProduceResponse, SeoReviseResponse } from "../../shared/seo";
import {
  type ExecuteRequestInput,
  type GenerationResponse,
  type HistoryItem,
  messageText,
  type ReviseTextResponse,
} from "../../shared/writing";
import { apiRequests, creditHolds, creditTransactions, documents, documentVersions, users } from "../db/schema";
import { describeEachDatabase } from "../testing/databases";
import { ledgerViolations } from "../testing/ledger-invariants";
import { appWithAdaAndBob } from "../testing/route-suite";
import type { SignedUpUser, TestApp } from "../testing/test-app";
import { usageOfRequest, usageWhere } from "../testing/usage";
import { readSse } from "../writing/testing/sse";
import { decodeCursor, encodeCursor } from "./documents.service";

const SESSION = {
  currentDate: "2026-11-24",
  contentType: "Guide for small bakery owners on pricing sourdough loaves so they cover flour, energy and time",
  targetAudience: "owners of small bakeries",
  wordCount: "400",
  aiProvider: "openai",
  writingStyle: "prose2",
} satisfies ExecuteRequestInput;

type Json<T> = T & { error?: string };

describeEachDatabase("documents", (kind) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    ({ t, ada, bob } = await appWithAdaAndBob(kind, 2000, "documents tests"));
    // bob can pay too, so a 404 on ada's ids is about ownership, never about credits.
    await t.deps.ledger.grant({ userId: bob.userId, amount: 200, type: "grant", metadata: { reason: "test" } });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
  afterAll(() => t?.close());

  async function call<T>(method: string, path: string, user?: SignedUpUser, body?: unknown) {
    const res = await t.app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(user?.headers ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: Json<T> | null = null;
    try {
      json = JSON.parse(text) as Json<T>;
    } catch {
      json = null;
    }
    return { status: res.status, json: json as Json<T>, text, headers: res.headers };
  }
  const post = <T>(path: string, body: unknown, user: SignedUpUser = ada) => call<T>("POST", path, user, body);
  const getDoc = (id: string, user: SignedUpUser = ada) => call<DocumentResponse>("GET", `/api/documents/${id}`, user);
  const list = (query = "", user: SignedUpUser = ada) =>
    call<DocumentListResponse>("GET", `/api/documents${query}`, user);
  const balance = (user: SignedUpUser) => t.deps.ledger.balance(user.userId);

  async function draft(extra: Partial<ExecuteRequestInput> = {}) {
    const res = await post<GenerationResponse>("/api/execute", { ...SESSION, ...extra });
    expect(res.status, res.json.error).toBe(200);
    return res.json;
  }

  it("saves a draft as version 1 of a new document, titled from its H1, with the session it came from", async () => {
    const ex = await draft();
    const text = messageText(ex.response);
    expect(ex.documentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ex.versionId).toMatch(/^[0-9a-f-]{36}$/);

    const { status, json } = await getDoc(ex.documentId);
    expect(status).toBe(200);
    const doc = json.document;
    expect(doc.title).toBe(/^# (.+)$/m.exec(text)?.[1]?.replace(/[*_`]/g, "").trim());
    expect(doc.brief).toBe(SESSION.contentType);
    expect(doc.session).toMatchObject({ contentType: SESSION.contentType, aiProvider: "openai", wordCount: "400" });
    expect(doc.versions).toHaveLength(1);
    expect(doc.versions[0]).toMatchObject({
      id: ex.versionId,
      kind: "draft",
      format: "markdown",
      content: text,
      model: ex.model,
      writer: ex.writer,
      creditsUsed: ex.creditsUsed,
      requestId: ex.requestId,
      partial: false,
    });
    expect(doc.versions[0]?.detection).toBeUndefined();

    const history = await call<HistoryItem[]>("GET", "/api/history", ada);
    expect(history.json.find((h) => h.requestId === ex.requestId)?.documentId).toBe(ex.documentId);
  });

  it("names the document in the stream's start event and saves to it, answering it again in done", async () => {
    const res = await t.app.request("/api/execute", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", ...ada.headers },
      body: JSON.stringify(SESSION),
    });
    const events = await readSse(res);
    const start = events[0]?.data as { documentId: string };
    const done = events.at(-1)?.data as GenerationResponse;
    expect(events.at(-1)?.event).toBe("done");
    expect(start.documentId).toBe(done.documentId);
    const doc = (await getDoc(done.documentId)).json.document;
    expect(doc.versions.map((v) => v.id)).toEqual([done.versionId]);
  });

  it("adds every later step to the document in order: revision, final, enhanced text, SEO", async () => {
    const ex = await draft();
    const text = messageText(ex.response);
    const flagged = [text.split(/(?<=[.!?])\s+/).find((s) => s.length > 40 && !s.includes("#")) ?? ""];
    const documentId = ex.documentId;
    const revise = await post<GenerationResponse>("/api/execute", {
      ...SESSION,
      mode: "revise",
      originalContent: text,
      aiDetectedSentences: flagged,
      documentId,
    });
    expect(revise.status, revise.json.error).toBe(200);
    const final = await post<GenerationResponse>("/api/final-rewrite", {
      originalContent: messageText(revise.json.response),
      aiDetectedSentences: flagged,
      sessionContext: SESSION,
      documentId,
    });
    expect(final.status, final.json.error).toBe(200);
    const enhanced = await post<ReviseTextResponse>("/api/revise-text", { text, documentId });
    expect(enhanced.status, enhanced.json.error).toBe(200);
    const produce = await post<SeoProduceResponse>("/api/seo-produce-code", {
      content: text,
      platform: "shopify",
      documentId,
    });
    expect(produce.status, produce.json.error).toBe(200);
    const seoRevise = await post<SeoReviseResponse>("/api/seo-revise-text", {
      content: text,
      platform: "wordpress",
      documentId,
    });
    expect(seoRevise.status, seoRevise.json.error).toBe(200);
    const optimize = await post<SeoOptimizeResponse>("/api/seo-optimize", {
      content: text,
      platform: "wordpress",
      documentId,
    });
    expect(optimize.status, optimize.json.error).toBe(200);

    for (const r of [revise, final, enhanced, produce, seoRevise, optimize]) expect(r.json.documentId).toBe(documentId);
    const doc = (await getDoc(documentId)).json.document;
    expect(doc.versions.map((v) => [v.kind, v.format, v.platform ?? null])).toEqual([
      ["draft", "markdown", null],
      ["revision", "markdown", null],
      ["final", "markdown", null],
      ["enhanced", "markdown", null],
      ["seo", "html", "shopify"],
      ["seo", "markdown", "wordpress"],
      ["seo", "html", "wordpress"],
    ]);
    expect(doc.versions.map((v) => v.id)).toEqual([
      ex.versionId,
      revise.json.versionId,
      final.json.versionId,
      enhanced.json.versionId,
      produce.json.versionId,
      seoRevise.json.versionId,
      optimize.json.versionId,
    ]);
    expect(doc.versions[1]?.content).toBe(messageText(revise.json.response));
    expect(doc.versions[3]?.content).toBe(enhanced.json.response);
    expect(doc.versions[4]).toMatchObject({
      content: produce.json.optimizedHtml,
      creditsUsed: produce.json.creditsUsed,
    });
    expect(doc.versions[5]?.content).toBe(seoRevise.json.revisedText);
    expect(doc.versions[6]?.content).toBe(optimize.json.optimizedHtml);
    // Each version records what it cost, and the costs are the usage rows' own.
    const usage = await usageWhere(t.db, eq(creditTransactions.userId, ada.userId));
    for (const v of doc.versions)
      expect(usage.find((u) => u.requestId === v.requestId)?.creditsUsed).toBe(v.creditsUsed);

    const row = (await list()).json.documents.find((d) => d.id === documentId);
    expect(row).toMatchObject({ versionCount: 7, latest: { kind: "seo" } });
  });

  it("starts a new document for a paid step that names none", async () => {
    const rt = await post<ReviseTextResponse>("/api/revise-text", {
      text: "We doubled our bread prices last spring and lost no regulars. Here is how we explained it at the till.",
    });
    expect(rt.status, rt.json.error).toBe(200);
    const seo = await post<SeoProduceResponse>("/api/seo-produce-code", {
      content: "# Sourdough at the market\n\nWhy our loaves cost what they do.",
      platform: "wordpress",
    });
    expect(seo.status, seo.json.error).toBe(200);
    expect(rt.json.documentId).not.toBe(seo.json.documentId);
    const a = (await getDoc(rt.json.documentId)).json.document;
    expect(a).toMatchObject({ brief: "Revise existing text" });
    expect(a.versions.map((v) => v.kind)).toEqual(["enhanced"]);
    const b = (await getDoc(seo.json.documentId)).json.document;
    expect(b.title).toBe("Sourdough at the market");
    expect(b.versions.map((v) => [v.kind, v.platform])).toEqual([["seo", "wordpress"]]);
  });

  it("stores a detection on the version it names, and shows its score in the list", async () => {
    const ex = await draft();
    const text = messageText(ex.response);
    const before = await balance(ada);
    const det = await post<DetectResponse>("/api/detect-ai", {
      text,
      documentId: ex.documentId,
      versionId: ex.versionId,
    });
    expect(det.status, det.json.error).toBe(200);
    expect((await balance(ada)).availableCredits).toBe(before.availableCredits - 1);
    const v = (await getDoc(ex.documentId)).json.document.versions[0];
    expect(v?.detection).toEqual(det.json.aiDetection);
    const row = (await list()).json.documents.find((d) => d.id === ex.documentId);
    expect(row?.latest?.aiPercentage).toBe(det.json.aiDetection.aiPercentage);
    expect(row?.lastChecked).toEqual({
      kind: "draft",
      aiPercentage: det.json.aiDetection.aiPercentage,
      versionId: ex.versionId,
    });

    // Issue 31: SEO HTML of the checked text is the latest version, and the list still shows the last figure.
    const seo = await post<SeoProduceResponse>("/api/seo-produce-code", {
      content: text,
      platform: "wordpress",
      documentId: ex.documentId,
    });
    expect(seo.status, seo.json.error).toBe(200);
    const after = (await list()).json.documents.find((d) => d.id === ex.documentId);
    expect(after?.latest).toMatchObject({ kind: "seo", versionId: seo.json.versionId });
    expect(after?.latest?.aiPercentage).toBeUndefined();
    expect(after?.lastChecked).toEqual(row?.lastChecked);
  });

  it("refuses another user's document or version with 404, before any credit moves", async () => {
    const ex = await draft();
    const text = messageText(ex.response);
    const bobBefore = await balance(bob);
    const steps = [
      ["/api/detect-ai", { text, documentId: ex.documentId, versionId: ex.versionId }],
      [
        "/api/execute",
        {
          ...SESSION,
          mode: "revise",
          originalContent: text,
          aiDetectedSentences: ["x y z"],
          documentId: ex.documentId,
        },
      ],
      ["/api/execute", { ...SESSION, documentId: ex.documentId }],
      ["/api/final-rewrite", { originalContent: text, aiDetectedSentences: ["x y z"], documentId: ex.documentId }],
      ["/api/revise-text", { text, documentId: ex.documentId }],
      ["/api/seo-produce-code", { content: text, platform: "wordpress", documentId: ex.documentId }],
      ["/api/seo-revise-text", { content: text, platform: "wordpress", documentId: ex.documentId }],
      ["/api/seo-optimize", { content: text, platform: "wordpress", documentId: ex.documentId }],
    ] as const;
    for (const [path, body] of steps) {
      const res = await post<unknown>(path, body, bob);
      expect(res.status, `${path}: ${res.json.error}`).toBe(404);
      expect(res.json.error).toBe("This document was not found.");
    }
    expect(await balance(bob)).toEqual(bobBefore);
    // An unknown version of the caller's own document, and a version id of another document.
    const other = await draft();
    for (const versionId of [randomUUID(), other.versionId]) {
      const res = await post<unknown>("/api/detect-ai", { text, documentId: ex.documentId, versionId });
      expect(res.status).toBe(404);
      expect(res.json.error).toBe("Version not found in this document.");
    }
    const half = await post<unknown>("/api/detect-ai", { text, versionId: ex.versionId });
    expect(half.status).toBe(400);
    expect(half.json.error).toMatch(/documentId and versionId go together/);
    expect((await getDoc(ex.documentId)).json.document.versions).toHaveLength(1);
  });

  it("keeps every route the caller's own: 404 for another user, 400 for a malformed id, 401 signed out", async () => {
    const ex = await draft();
    const id = ex.documentId;
    for (const [method, path, body] of [
      ["GET", `/api/documents/${id}`, undefined],
      ["PATCH", `/api/documents/${id}`, { title: "mine now" }],
      ["DELETE", `/api/documents/${id}`, undefined],
      ["GET", `/api/documents/${id}/export?format=md`, undefined],
    ] as const) {
      const res = await call<unknown>(method, path, bob, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error).toBe("This document was not found.");
      expect((await call<unknown>(method, path, undefined, body)).status).toBe(401);
    }
    expect((await list("", bob)).json.documents.some((d) => d.id === id)).toBe(false);
    expect((await getDoc(id)).json.document.title).not.toBe("mine now");

    for (const bad of ["not-a-real-id", "1", `${id}x`]) {
      const res = await call<unknown>("GET", `/api/documents/${bad}`, ada);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("Document id must be a document id (a UUID)");
    }
    const badRef = await post<unknown>("/api/seo-produce-code", {
      content: "x",
      platform: "wordpress",
      documentId: "42",
    });
    expect(badRef.status).toBe(400);
    expect(badRef.json.error).toBe("documentId must be a document id (a UUID)");
    expect((await getDoc(randomUUID())).status).toBe(404);
  });

  it("renames with a trimmed title of 1 to 200 characters, and moves the document to the top", async () => {
    const a = await draft();
    await draft();
    const ok = await call<{ document: { title: string } }>("PATCH", `/api/documents/${a.documentId}`, ada, {
      title: "  Sourdough pricing, for real  ",
    });
    expect(ok.status).toBe(200);
    expect(ok.json.document.title).toBe("Sourdough pricing, for real");
    expect((await list("?limit=1")).json.documents[0]?.id).toBe(a.documentId);
    for (const [title, message] of [
      ["   ", "Title is required"],
      ["x".repeat(201), "Title must be at most 200 characters"],
      [42, "Title is required"],
    ] as const) {
      const res = await call<unknown>("PATCH", `/api/documents/${a.documentId}`, ada, { title });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(message);
    }
    expect(
      (await call<unknown>("PATCH", `/api/documents/${a.documentId}`, ada, { title: "y".repeat(200) })).status,
    ).toBe(200);
  });

  it("searches titles and text, matching % and _ literally", async () => {
    const a = await draft({ contentType: "Zanzibar spice buns: a seasonal special for winter weekends" });
    await call("PATCH", `/api/documents/${a.documentId}`, ada, { title: "100% rye_loaf notes" });
    const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).json.documents.map((d) => d.id);
    expect(await ids("100% RYE_")).toEqual([a.documentId]);
    expect(await ids("zanzibar")).toContain(a.documentId); // in the draft's text
    expect(await ids("0%r")).toEqual([]);
    expect(await ids("zqxjkvwpfh")).toEqual([]);
    const long = await list(`?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.json.error).toBe("Search must be at most 200 characters");
  });

  it("pages newest first with an opaque cursor, and refuses a bad cursor or limit", async () => {
    const { json: all } = await list("?limit=100");
    expect(all.documents.length).toBeGreaterThanOrEqual(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: DocumentListResponse } = await list(
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(page.json.documents.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.documents.map((d) => d.id));
      cursor = page.json.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.documents.map((d) => d.id));
    const times = all.documents.map((d) => Date.parse(d.updatedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    for (const [query, message] of [
      ["?cursor=nonsense", /cursor is not valid/],
      [`?cursor=${encodeCursor("yesterday", randomUUID())}`, /cursor is not valid/],
      ["?limit=0", /limit must be a whole number from 1 to 100/],
      ["?limit=abc", /limit must be a whole number from 1 to 100/],
      ["?limit=101", /limit must be a whole number from 1 to 100/],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.json.error).toMatch(message);
    }
    expect(decodeCursor(encodeCursor("2026-11-24 20:13:35.123456+00", all.documents[0]!.id)).id).toBe(
      all.documents[0]!.id,
    );
  });

  it("exports a version as markdown or HTML, as an attachment with a file name from the title", async () => {
    const ex = await draft();
    const id = ex.documentId;
    await call("PATCH", `/api/documents/${id}`, ada, { title: "Prices & <loaves>: a guide" });
    const md = await call<unknown>("GET", `/api/documents/${id}/export?format=md&versionId=${ex.versionId}`, ada);
    expect(md.status).toBe(200);
    expect(md.text).toBe(messageText(ex.response));
    expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(md.headers.get("content-disposition")).toBe('attachment; filename="prices-loaves-a-guide-draft.md"');

    const html = await call<unknown>("GET", `/api/documents/${id}/export?format=html`, ada);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html.headers.get("content-disposition")).toBe('attachment; filename="prices-loaves-a-guide-draft.html"');
    expect(html.text).toMatch(/<title>Prices &amp; &lt;loaves&gt;: a guide<\/title>/);
    expect(html.text).toMatch(/<h2>/);

    // Markdown is rendered sanitised: a script in a draft never runs from the export.
    const seo = await post<SeoProduceResponse>("/api/seo-produce-code", {
      content: "# Title\n\nA paragraph with <script>alert(1)</script> in it.",
      platform: "shopify",
      documentId: id,
    });
    expect(seo.status).toBe(200);
    const seoHtml = await call<unknown>("GET", `/api/documents/${id}/export?format=html`, ada);
    expect(seoHtml.text).toBe(seo.json.optimizedHtml);
    expect(seoHtml.headers.get("content-disposition")).toContain("-seo.html");
    const seoMd = await call<unknown>("GET", `/api/documents/${id}/export?format=md`, ada);
    expect(seoMd.status).toBe(400);
    expect(seoMd.json.error).toMatch(/HTML: export it with format=html/);
    const unknown = await call<unknown>("GET", `/api/documents/${id}/export?versionId=${randomUUID()}`, ada);
    expect(unknown.status).toBe(404);
    const badFormat = await call<unknown>("GET", `/api/documents/${id}/export?format=pdf`, ada);
    expect(badFormat.status).toBe(400);
    expect(badFormat.json.error).toBe("format must be md or html");
  });

  it("renders markdown exports without raw HTML", async () => {
    const rt = await post<ReviseTextResponse>("/api/revise-text", {
      text: "Our loaves cost more now. <script>alert(1)</script> <img src=x onerror=alert(2)> We explained why at the till.",
    });
    const html = await call<unknown>("GET", `/api/documents/${rt.json.documentId}/export?format=html`, ada);
    expect(html.status).toBe(200);
    const article = /<article>([\s\S]*)<\/article>/.exec(html.text)?.[1] ?? "";
    expect(article).toMatch(/<p>Our loaves cost more now\./);
    expect(article).not.toMatch(/<script|<img|onerror/i);
  });

  it("deletes a document and its versions; billing records stay and history loses its link", async () => {
    const ex = await draft();
    const del = await call<{ success: boolean }>("DELETE", `/api/documents/${ex.documentId}`, ada);
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ success: true });
    expect((await getDoc(ex.documentId)).status).toBe(404);
    expect((await call("DELETE", `/api/documents/${ex.documentId}`, ada)).status).toBe(404);
    expect(await t.db.select().from(documentVersions).where(eq(documentVersions.documentId, ex.documentId))).toEqual(
      [],
    );
    expect(await usageOfRequest(t.db, ex.requestId)).toHaveLength(1);
    const history = await call<HistoryItem[]>("GET", "/api/history", ada);
    expect(history.json.find((h) => h.requestId === ex.requestId)?.documentId).toBeNull();
  });

  // Issue 26: what was delivered is paid for; the output's writes are undone, the charge is kept.
  it("keeps the charge but none of the output when saving the version fails after the settlement", async () => {
    const before = await balance(ada);
    const docsBefore = (await list("?limit=100")).json.documents.length;
    const save = t.deps.documents.saveVersion.bind(t.deps.documents);
    let requestId = "";
    // The version is written, then the process "dies" before the transaction commits.
    vi.spyOn(t.deps.documents, "saveVersion").mockImplementationOnce(async (tx, userId, target, version) => {
      requestId = version.requestId;
      await save(tx, userId, target, version);
      throw new Error("the process died between settle and save");
    });
    const res = await post<unknown>("/api/execute", SESSION);
    expect(res.status).toBe(500);
    expect(res.json.error).toMatch(/^Saved nothing: /);
    expect(requestId).not.toBe("");
    // The offline writer is free: the charge kept is its 0-credit usage row.
    expect(await balance(ada)).toEqual(before);
    expect(await usageOfRequest(t.db, requestId)).toMatchObject([{ creditsUsed: 0 }]);
    expect(await t.db.select().from(apiRequests).where(eq(apiRequests.requestId, requestId))).toEqual([]);
    expect(await t.db.select().from(documentVersions).where(eq(documentVersions.requestId, requestId))).toEqual([]);
    expect(await t.db.select().from(creditHolds).where(eq(creditHolds.requestId, requestId))).toEqual([]);
    expect((await list("?limit=100")).json.documents.length).toBe(docsBefore);

    // And when it works, the charge and the version are both there.
    const ok = await post<SeoProduceResponse>("/api/seo-produce-code", { content: "# A\n\nB.", platform: "wordpress" });
    const [version] = await t.db.select().from(documentVersions).where(eq(documentVersions.id, ok.json.versionId));
    expect(version).toBeDefined();
    expect(await usageOfRequest(t.db, version!.requestId)).toHaveLength(1);
  });

  it("saves into a new document when the named one was deleted while the work ran", async () => {
    const ex = await draft();
    await t.db.delete(documents).where(eq(documents.id, ex.documentId));
    const newId = randomUUID();
    const saved = await t.db.transaction((tx) =>
      t.deps.documents.saveVersion(
        tx,
        ada.userId,
        { documentId: ex.documentId, newDocument: { id: newId, brief: "b", fallbackTitle: "Recovered" } },
        {
          kind: "revision",
          content: "No heading here.",
          model: "m",
          writer: "offline",
          creditsUsed: 1,
          requestId: randomUUID(),
          partial: false,
        },
      ),
    );
    expect(saved.documentId).toBe(newId);
    expect((await getDoc(newId)).json.document).toMatchObject({ title: "Recovered", versions: [{ kind: "revision" }] });
  });

  it("goes with the account: deleting a user deletes their documents and versions", async () => {
    const cy = await t.signUp(`cy-${kind}@example.com`);
    await t.deps.ledger.grant({ userId: cy.userId, amount: 50, type: "grant", metadata: { reason: "t" } });
    const ex = await post<GenerationResponse>("/api/execute", SESSION, cy);
    expect(ex.status).toBe(200);
    await t.db.delete(users).where(eq(users.id, cy.userId));
    expect(await t.db.select().from(documents).where(eq(documents.id, ex.json.documentId))).toEqual([]);
    expect(await t.db.select().from(documentVersions).where(eq(documentVersions.id, ex.json.versionId))).toEqual([]);
  });

  it("saves the writer's own text as a free document, and an edit as its newest version (issue 31, items 11–12)", async () => {
    const before = await balance(ada);
    const created = await post<DocumentResponse>("/api/documents", {
      content: "My own words about kiln temperatures.\n\nA second paragraph, written by hand.",
    });
    expect(created.status, created.json.error).toBe(201);
    const own = created.json.document;
    expect(own).toMatchObject({ title: "My own words about kiln temperatures.", brief: "" });
    expect(own.versions).toEqual([
      expect.objectContaining({ kind: "own", format: "markdown", creditsUsed: 0, model: null, writer: null }),
    ]);
    const titled = await post<DocumentResponse>("/api/documents", {
      title: "  Glazes  ",
      content: "# Heading\n\nText.",
    });
    expect(titled.json.document.title).toBe("Glazes");

    // An edit of a paid draft: a new version that names the one it came from; nothing is charged.
    expect(await balance(ada)).toEqual(before);
    const ex = await draft();
    const afterDraft = await balance(ada);
    const edited = `${messageText(ex.response)}\n\nOne more sentence I added myself.`;
    const saved = await post<{ version: { id: string; kind: string; sourceVersionId?: string } }>(
      `/api/documents/${ex.documentId}/versions`,
      { content: edited, basedOn: ex.versionId },
    );
    expect(saved.status, saved.json.error).toBe(201);
    expect(saved.json.version).toMatchObject({ kind: "own", sourceVersionId: ex.versionId });
    const versions = (await getDoc(ex.documentId)).json.document.versions;
    expect(versions.map((v) => v.kind)).toEqual(["draft", "own"]);
    expect(versions[1]?.content).toBe(edited);
    expect(await balance(ada)).toEqual(afterDraft);

    // A check of the edit is stored on it, like any version's.
    const check = await post<DetectResponse>("/api/detect-ai", {
      text: edited,
      documentId: ex.documentId,
      versionId: saved.json.version.id,
    });
    expect(check.status, check.json.error).toBe(200);
    expect((await getDoc(ex.documentId)).json.document.versions[1]?.detection).toBeDefined();
  });

  it("refuses own text that is empty or too long, an edit of another user's document, and a foreign basedOn", async () => {
    expect((await post("/api/documents", { content: "   " })).json).toMatchObject({ error: "Text is required" });
    const long = await post("/api/documents", { content: "a".repeat(100_001) });
    expect(long.status).toBe(400);
    expect(long.json.error).toContain("Text is too long");
    const mine = (await post<DocumentResponse>("/api/documents", { content: "Mine." })).json.document;
    const bobs = await post<DocumentResponse>("/api/documents", { content: "Bob's." }, bob);
    const foreign = await post(`/api/documents/${bobs.json.document.id}/versions`, { content: "Edit" });
    expect(foreign.status).toBe(404);
    const wrongSource = await post(`/api/documents/${mine.id}/versions`, {
      content: "Edit",
      basedOn: bobs.json.document.versions[0]?.id,
    });
    expect(wrongSource.status).toBe(404);
    expect((await post(`/api/documents/${mine.id}/versions`, { content: "" })).status).toBe(400);
    expect((await getDoc(mine.id)).json.document.versions).toHaveLength(1);
    expect((await getDoc(bobs.json.document.id, bob)).json.document.versions).toHaveLength(1);
    const signedOut = await call("POST", "/api/documents", undefined, { content: "x" });
    expect(signedOut.status).toBe(401);
  });

  it("records the version a revision or a final rewrite was made from", async () => {
    const ex = await draft();
    const text = messageText(ex.response);
    const flagged = [text.split(/(?<=[.!?])\s+/).find((s) => s.length > 40 && !s.includes("#")) ?? ""];
    const revise = await post<GenerationResponse>("/api/execute", {
      ...SESSION,
      mode: "revise",
      originalContent: text,
      aiDetectedSentences: flagged,
      documentId: ex.documentId,
      sourceVersionId: ex.versionId,
    });
    expect(revise.status, revise.json.error).toBe(200);
    const final = await post<GenerationResponse>("/api/final-rewrite", {
      originalContent: text,
      aiDetectedSentences: flagged,
      sessionContext: SESSION,
      documentId: ex.documentId,
      sourceVersionId: ex.versionId,
    });
    expect(final.status, final.json.error).toBe(200);
    const versions = (await getDoc(ex.documentId)).json.document.versions;
    expect(versions.map((v) => [v.kind, v.sourceVersionId])).toEqual([
      ["draft", undefined],
      ["revision", ex.versionId],
      ["final", ex.versionId],
    ]);
  });
});

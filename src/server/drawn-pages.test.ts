// A document's page, and Results reopened on a document, are sent drawn for the document's signed-in
// owner (issue 30): the server checks the session and the document as the API does and puts the
// renderer's drawing in #root; anyone else, and any failure, gets the page as built.
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentDetail, DocumentResponse } from "../shared/documents";
import { SESSION_HINT } from "./app";
import type { DrawPage } from "./http/page-renderer";
import { createTestApp, type SignedUpUser, type TestApp } from "./testing/test-app";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <script type="application/json" id="page-files">${JSON.stringify({
      "features/documents/document-page": ["assets/document-page-1.js"],
      "features/writing/results/results-page": ["assets/results-page-1.js"],
    })}</script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const SHELLS = {
  "/documents/:id": '<main><div data-page-shell=""><p role="status">Loading the document</p></div></main>',
  "/draftsmith/results": '<main><div data-page-shell=""><p role="status">Opening your draft</p></div></main>',
};

const rootOf = (html: string) => html.match(/<div id="root">([\s\S]*?)<\/div>\s*<\/body>/)?.[1];

describe("pages drawn for a document's owner", () => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let doc: DocumentDetail;
  const drawn: { page: "document" | "results"; doc: DocumentDetail }[] = [];
  let failing = false;
  let available = true;

  const draw: DrawPage = async (page, d, owner) => {
    if (failing) throw new Error("the renderer broke");
    expect(owner).toBe(ada.userId);
    drawn.push({ page, doc: d });
    return `<main><div data-page-shell=""><h1>${page === "results" ? `Results of ${d.title}` : d.title}</h1></div></main>`;
  };

  beforeAll(async () => {
    t = await createTestApp({
      clientIndexHtml: INDEX,
      clientPageShells: SHELLS,
      pageRenderer: async () => (available ? draw : null),
    });
    ada = await t.signUp("ada-drawn@example.com");
    bob = await t.signUp("bob-drawn@example.com");
    const res = await t.app.request("/api/documents", {
      method: "POST",
      headers: { ...ada.headers, "content-type": "application/json" },
      body: JSON.stringify({ title: "Ada's notes", content: "# Notes\n\nA paragraph of Ada's own." }),
    });
    expect(res.status).toBe(201);
    doc = ((await res.json()) as DocumentResponse).document;
  });
  afterAll(() => t?.close());

  const page = async (path: string, cookie?: string, encoding = "identity") => {
    drawn.length = 0;
    const res = await t.app.request(path, {
      headers: { "accept-encoding": encoding, ...(cookie ? { cookie } : {}) },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const html =
      res.headers.get("content-encoding") === "br" ? brotliDecompressSync(bytes).toString() : bytes.toString();
    return { status: res.status, html, headers: res.headers };
  };

  it("draws the owner's document in its page, with the page's files and the session mark", async () => {
    const sent = await page(`/documents/${doc.id}`, ada.cookie);
    expect(sent.status).toBe(200);
    expect(rootOf(sent.html)).toBe(`<main><div data-page-shell=""><h1>Ada's notes</h1></div></main>`);
    expect(sent.html).toContain(SESSION_HINT);
    expect(sent.html).toContain('<link rel="modulepreload" crossorigin href="/assets/document-page-1.js">');
    expect(sent.headers.get("cache-control")).toBe("private, no-cache");
    expect(sent.headers.get("vary")).toContain("Cookie");
    // The renderer got the document as the API gives it to its owner.
    const api = (await (
      await t.app.request(`/api/documents/${doc.id}`, { headers: ada.headers })
    ).json()) as DocumentResponse;
    expect(drawn).toEqual([{ page: "document", doc: api.document }]);
  });

  it("draws Results reopened on the owner's document", async () => {
    const sent = await page(`/draftsmith/results?document=${doc.id}`, ada.cookie);
    expect(rootOf(sent.html)).toBe(`<main><div data-page-shell=""><h1>Results of Ada's notes</h1></div></main>`);
    expect(sent.html).toContain('<link rel="modulepreload" crossorigin href="/assets/results-page-1.js">');
    expect(drawn.map((d) => [d.page, d.doc.id])).toEqual([["results", doc.id]]);
  });

  it("compresses a drawn page like any other", async () => {
    const sent = await page(`/documents/${doc.id}`, ada.cookie, "br, gzip");
    expect(sent.headers.get("content-encoding")).toBe("br");
    expect(rootOf(sent.html)).toContain("Ada's notes");
  });

  it("sends anyone else the page as built: another user, no session, a stale one, an id that is no document", async () => {
    const cases: [string, string | undefined][] = [
      [`/documents/${doc.id}`, bob.cookie],
      [`/draftsmith/results?document=${doc.id}`, bob.cookie],
      [`/documents/${doc.id}`, undefined],
      [`/documents/${doc.id}`, "better-auth.session_token=stale.value"],
      ["/documents/7d1e2f3a-4b5c-4d6e-9f70-8192a3b4c5d6", ada.cookie],
      ["/draftsmith/results?document=not-a-uuid", ada.cookie],
    ];
    for (const [path, cookie] of cases) {
      const sent = await page(path, cookie);
      expect(sent.status, path).toBe(200);
      const built = path.startsWith("/documents/") ? SHELLS["/documents/:id"] : SHELLS["/draftsmith/results"];
      expect(rootOf(sent.html), `${path} ${cookie ?? "no cookie"}`).toBe(built);
      expect(drawn).toEqual([]);
    }
  });

  it("sends the page as built when the renderer fails or the build has none", async () => {
    failing = true;
    try {
      const sent = await page(`/documents/${doc.id}`, ada.cookie);
      expect(sent.status).toBe(200);
      expect(rootOf(sent.html)).toBe(SHELLS["/documents/:id"]);
    } finally {
      failing = false;
    }
    available = false;
    try {
      expect(rootOf((await page(`/documents/${doc.id}`, ada.cookie)).html)).toBe(SHELLS["/documents/:id"]);
    } finally {
      available = true;
    }
  });
});

// A page loaded on demand is sent with its own files named in its head (<link rel="modulepreload">,
// from the page-files list the build writes into index.html): the browser fetches them while it reads
// the HTML, and the page's first script adds no links of its own (issue 30).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_DATA_ID, TODAY_MARK } from "../shared/page-data";
import { pageFilesOf, pageShellsOf, SESSION_HINT, withModulePreloads, withPageData } from "./app";
import { createTestApp, type TestApp } from "./testing/test-app";

const LIST = {
  "features/account/settings-page": ["assets/settings-page-1.js", "assets/tabs-1.js"],
  "features/documents/document-page": ["assets/document-page-1.js", "assets/format-when-1.js"],
  "features/pages/policy": [],
};
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <script type="application/json" id="page-files">${JSON.stringify(LIST)}</script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const SHELLS = {
  "/settings": '<main><div data-page-shell=""><h1>Settings</h1><p>Your account, drawn at build time.</p></div></main>',
  "/billing": "<main><div data-page-shell><h1>Credits &amp; Billing $& $1</h1></div></main>",
  "/documents/:id": '<main><div data-page-shell=""><p role="status">Loading the document</p></div></main>',
  "/draftsmith/generate": '<main><div data-page-shell=""><p role="status">Loading the writers</p></div></main>',
  "/draftsmith/generate#offline": `<main><div data-page-shell=""><p>The offline writer answers</p><input type="date" value="${TODAY_MARK}"></div></main>`,
  "/draftsmith/generate#model": `<main><div data-page-shell=""><p>A model answers</p><input type="date" value="${TODAY_MARK}"></div></main>`,
  "/draftsmith/generate#none": `<main><div data-page-shell=""><p>Nobody answers</p><input type="date" value="${TODAY_MARK}"></div></main>`,
};

const pageDataOf = (html: string) => {
  const json = html.match(new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([^<]*)</script>`))?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
};

const rootOf = (html: string) =>
  html.match(
    /<div id="root">([\s\S]*?)<\/div>\s*(?:<script type="application\/json" id="page-data">[^<]*<\/script>\s*)?<\/body>/,
  )?.[1];

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("pageFilesOf and withModulePreloads", () => {
  it("reads the build's list, keeping only built assets' paths", () => {
    expect(pageFilesOf(INDEX)).toEqual(LIST);
    const hostile = INDEX.replace(
      JSON.stringify(LIST),
      JSON.stringify({
        a: [
          "assets/ok-1.js",
          'assets/x.js" onload="alert(1)',
          "assets/../../etc/passwd.js",
          "https://elsewhere.example/x.js",
          7,
        ],
      }),
    );
    expect(pageFilesOf(hostile)).toEqual({ a: ["assets/ok-1.js"] });
    expect(pageFilesOf(INDEX.replace(JSON.stringify(LIST), '{"a":["</script><script>alert(1)"]}'))).toEqual({});
    expect(pageFilesOf("<html><head></head></html>")).toEqual({});
    expect(pageFilesOf(INDEX.replace(JSON.stringify(LIST), "{not json"))).toEqual({});
  });

  it("names the files at the end of the head, in the list's order", () => {
    const html = withModulePreloads(INDEX, ["assets/a-1.js", "assets/b-1.js"]);
    expect(preloads(html)).toEqual(["/assets/a-1.js", "/assets/b-1.js"]);
    expect(html.indexOf("/assets/b-1.js")).toBeLessThan(html.indexOf("</head>"));
  });
});

describe("the page as sent", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clientIndexHtml: INDEX, clientPageShells: SHELLS });
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (path: string, cookie?: string) => {
    const res = await t.app.request(path, {
      headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) },
    });
    return { status: res.status, html: await res.text() };
  };

  it("names Settings' files, with and without a session cookie", async () => {
    const plain = await page("/settings");
    const marked = await page("/settings/", "better-auth.session_token=anything");
    expect(plain.status).toBe(200);
    expect(preloads(plain.html)).toEqual(["/assets/settings-page-1.js", "/assets/tabs-1.js"]);
    expect(preloads(marked.html)).toEqual(["/assets/settings-page-1.js", "/assets/tabs-1.js"]);
    expect(plain.html).not.toContain(SESSION_HINT);
    expect(marked.html).toContain(SESSION_HINT);
  });

  it("names a document page's files for any document, compressed alike", async () => {
    expect(preloads((await page("/documents/0b6c1f6e")).html)).toEqual([
      "/assets/document-page-1.js",
      "/assets/format-when-1.js",
    ]);
    const br = await t.app.request("/documents/another", { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const { brotliDecompressSync } = await import("node:zlib");
    const html = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(preloads(html)).toEqual(["/assets/document-page-1.js", "/assets/format-when-1.js"]);
  });

  it("names nothing for Home, a page with no files listed, or an unknown path", async () => {
    expect(preloads((await page("/")).html)).toEqual([]);
    expect(preloads((await page("/policy")).html)).toEqual([]);
    const unknown = await page("/no-such-page");
    expect(unknown.status).toBe(404);
    expect(preloads(unknown.html)).toEqual([]);
  });

  it("sends a page's shell in #root, with its files named, with and without a session cookie", async () => {
    const plain = await page("/settings");
    const marked = await page("/settings/", "better-auth.session_token=anything");
    for (const sent of [plain, marked]) {
      expect(rootOf(sent.html)).toBe(SHELLS["/settings"]);
      expect(preloads(sent.html)).toEqual(["/assets/settings-page-1.js", "/assets/tabs-1.js"]);
    }
    expect(marked.html).toContain(SESSION_HINT);
    // A shell is put in as it is ($ patterns are not replacement patterns), and a page with no files
    // listed still gets its shell.
    expect(rootOf((await page("/billing")).html)).toBe(SHELLS["/billing"]);
  });

  it("sends every document's page the shell of their route, and nothing of it to a path that is no document", async () => {
    const ids = ["0b6c1f6e-1a2b-4c3d-8e4f-5a6b7c8d9e0f", "7d1e2f3a-4b5c-4d6e-9f70-8192a3b4c5d6"];
    for (const id of ids) {
      const sent = await page(`/documents/${id}`);
      expect(sent.status).toBe(200);
      expect(rootOf(sent.html)).toBe(SHELLS["/documents/:id"]);
      expect(preloads(sent.html)).toEqual(["/assets/document-page-1.js", "/assets/format-when-1.js"]);
    }
    expect(rootOf((await page("/documents/:id")).html)).toBe("");
  });

  it("sends no shell to a page without one, nor to another path of the same page", async () => {
    expect(rootOf((await page("/documents/0b6c1f6e")).html)).toBe("");
    expect(rootOf((await page("/billing/success")).html)).toBe("");
    expect(rootOf((await page("/")).html)).toBe("");
  });
});

describe("the full app as sent", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const sent = async (env?: Record<string, string>) => {
    const t = await createTestApp({ clientIndexHtml: INDEX, clientPageShells: SHELLS, env });
    apps.push(t);
    const html = await (
      await t.app.request("/draftsmith/generate", { headers: { "accept-encoding": "identity" } })
    ).text();
    const writers = await (await t.app.request("/api/writers")).json();
    return { html, writers };
  };

  it("carries the writers answer, and its form drawn as that answer puts it, dated the day it is sent", async () => {
    const before = new Date().toISOString().slice(0, 10);
    const { html, writers } = await sent();
    const after = new Date().toISOString().slice(0, 10);
    expect(pageDataOf(html)).toEqual({ "/api/writers": writers });
    // The day it was sent (a run across midnight, UTC, sees either).
    const drawn = [before, after].map((day) => SHELLS["/draftsmith/generate#offline"].replace(TODAY_MARK, day));
    expect(drawn).toContain(rootOf(html));
    expect(html).not.toContain(TODAY_MARK);
    expect(preloads(html)).toEqual([]);
    // Nothing else carries it.
    const t = apps[0] as TestApp;
    const settings = await (await t.app.request("/settings", { headers: { "accept-encoding": "identity" } })).text();
    expect(pageDataOf(settings)).toBeUndefined();
  });

  it("draws the form with a model's notice when a model answers, and with nobody's when none does", async () => {
    const model = await sent({ OPENAI_API_KEY: "sk-test-page-data" });
    expect((model.writers as { openai: { writer: string } }).openai.writer).toBe("openai");
    expect(rootOf(model.html)).toContain("A model answers");
    expect(pageDataOf(model.html)).toEqual({ "/api/writers": model.writers });
    const none = await sent({ OFFLINE_WRITER: "off" });
    expect((none.writers as { openai: unknown }).openai).toBeNull();
    expect(rootOf(none.html)).toContain("Nobody answers");
  });

  it("writes answers no text of theirs can close the script element with", () => {
    const html = withPageData(INDEX, {
      "/api/writers": { openai: { writer: "openai", model: "</script><script>alert(1)</script>" } },
    });
    expect(html).not.toContain("</script><script>alert(1)");
    expect(pageDataOf(html)).toEqual({
      "/api/writers": { openai: { writer: "openai", model: "</script><script>alert(1)</script>" } },
    });
  });
});

describe("pageShellsOf", () => {
  it("reads the build's shells, none from a missing or broken file, only strings", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "shells-"));
    expect(pageShellsOf(join(dir, "missing.json"))).toEqual({});
    writeFileSync(join(dir, "broken.json"), "{not json");
    expect(pageShellsOf(join(dir, "broken.json"))).toEqual({});
    writeFileSync(join(dir, "shells.json"), JSON.stringify({ "/a": "<p>a</p>", "/b": 7 }));
    expect(pageShellsOf(join(dir, "shells.json"))).toEqual({ "/a": "<p>a</p>" });
  });
});

// A page loaded on demand is sent with its own files named in its head (<link rel="modulepreload">,
// from the page-files list the build writes into index.html): the browser fetches them while it reads
// the HTML, and the page's first script adds no links of its own (issue 30).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFilesOf, pageShellsOf, SESSION_HINT, withModulePreloads } from "./app";
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
};

const rootOf = (html: string) => html.match(/<div id="root">([\s\S]*)<\/div>\s*<\/body>/)?.[1];

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

// @vitest-environment happy-dom
// Which page a path opens and what is preloaded for it: the page's files (listed in index.html) and
// the GETs a signed-in page makes first.
import { describe, expect, it, vi } from "vitest";
import { pageGets, pageModuleOf, pagePublicGets, preloadPage } from "./page-files";

describe("page-files", () => {
  it("names the module of every page loaded on demand, none for Home", () => {
    expect(pageModuleOf("/")).toBeUndefined();
    expect(pageModuleOf("/draftsmith")).toBeUndefined();
    expect(pageModuleOf("/draftsmith/generate/")).toBe("features/writing/full-app/full-app-page");
    expect(pageModuleOf("/billing/success")).toBe("features/billing/billing-page");
    expect(pageModuleOf("/documents/0b6c1f6e-5a8e-4b71-9a3e-2f0d6f1c9b11")).toBe("features/documents/document-page");
    expect(pageModuleOf("/batches/new")).toBe("features/batches/new-batch-page");
    expect(pageModuleOf("/batches/0b6c1f6e-5a8e-4b71-9a3e-2f0d6f1c9b11")).toBe("features/batches/batch-page");
  });

  it("starts a document's GET on its page, the account's on Settings, nothing elsewhere", () => {
    expect(pageGets("/documents/abc")).toEqual(["/api/documents/abc"]);
    expect(pageGets("/settings")).toEqual(["/api/account"]);
    expect(pageGets("/documents")).toEqual(["/api/documents", "/api/batches"]);
    expect(pageGets("/billing")).toEqual([]);
    expect(pageGets("/")).toEqual([]);
  });

  it("starts the document Results and the full app reopen from ?document=, only for an id the server looks up", () => {
    const id = "0b6c1f6e-5a8e-4b71-9a3e-2f0d6f1c9b11";
    expect(pageGets("/draftsmith/results", `?document=${id}`)).toEqual([`/api/documents/${id}`]);
    expect(pageGets("/draftsmith/generate/", `?x=1&document=${id}`)).toEqual([`/api/documents/${id}`]);
    expect(pageGets("/draftsmith/results", "")).toEqual([]);
    expect(pageGets("/draftsmith/results", "?document=../account")).toEqual([]);
    expect(pageGets("/prose-console", `?document=${id}`)).toEqual([]);
    expect(pageGets("/settings", `?document=${id}`)).toEqual(["/api/account"]);
  });

  it("starts Billing's packages and switch and the full app's writers before the app's code, nothing elsewhere", () => {
    expect(pagePublicGets("/billing")).toEqual(["/api/billing/packages", "/api/billing/config"]);
    expect(pagePublicGets("/draftsmith/generate")).toEqual(["/api/writers"]);
    expect(pagePublicGets("/settings")).toEqual([]);
    expect(pagePublicGets("/")).toEqual([]);
  });

  it("preloads a page's listed files once each", () => {
    document.body.innerHTML = `<script type="application/json" id="page-files">${JSON.stringify({
      "features/billing/billing-page": ["assets/billing-page-1.js", "assets/tabs-1.js"],
      "features/account/settings-page": ["assets/settings-page-1.js", "assets/tabs-1.js"],
    })}</script>`;
    preloadPage("/billing");
    preloadPage("/billing");
    preloadPage("/settings");
    preloadPage("/");
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/assets/billing-page-1.js",
      "/assets/tabs-1.js",
      "/assets/settings-page-1.js",
    ]);
  });

  it("adds no link for a file the server already named in the page's head", async () => {
    vi.resetModules();
    const fresh = await import("./page-files");
    document.head.innerHTML = '<link rel="modulepreload" crossorigin href="/assets/settings-page-2.js">';
    document.body.innerHTML = `<script type="application/json" id="page-files">${JSON.stringify({
      "features/account/settings-page": ["assets/settings-page-2.js", "assets/tabs-2.js"],
    })}</script>`;
    fresh.preloadPage("/settings");
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/assets/settings-page-2.js", "/assets/tabs-2.js"]);
  });

  it("preloads the files of the page the router moves to", async () => {
    vi.resetModules();
    const fresh = await import("./page-files");
    document.head.innerHTML = "";
    document.body.innerHTML = `<script type="application/json" id="page-files">${JSON.stringify({
      "features/documents/documents-page": ["assets/documents-page-3.js", "assets/table-3.js"],
    })}</script>`;
    const listeners: ((state: { location: { pathname: string } }) => void)[] = [];
    fresh.preloadOnNavigation({ subscribe: (listener) => listeners.push(listener) });
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
    for (const listener of listeners) listener({ location: { pathname: "/documents" } });
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/assets/documents-page-3.js", "/assets/table-3.js"]);
  });
});

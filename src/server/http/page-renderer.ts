// The app's own drawing of a page at request time: src/client/prerender.tsx, built for Node by
// scripts/prerender.mjs into dist/render/page-render.mjs beside the client. Drawn in the CPU pool
// (a long document's page is tens of milliseconds of Markdown parsing and rendering, which would hold
// every other request), where each worker loads the renderer at its first drawing; start-up never
// reads it. A build without it draws nothing, and the pages go out as built.
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { DocumentDetail } from "../../shared/documents";

/** The pages drawn with a document: its own page, and Results reopened on it. */
export type DrawnPage = "document" | "results";

/** Draws `page` with `doc` for its owner (the unit of the CPU pool's fair share): the page's inert shell. */
export type DrawPage = (page: DrawnPage, doc: DocumentDetail, owner: string) => Promise<string>;

/** What the built renderer exports (src/client/prerender.tsx). */
interface PageRenderer {
  renderDocumentPage(doc: DocumentDetail): Promise<string>;
  renderResultsPage(doc: DocumentDetail): Promise<string>;
}

/** The CPU pool task's input: the renderer's file, and what to draw. */
export interface DrawPageInput {
  file: string;
  page: DrawnPage;
  doc: DocumentDetail;
}

const renderers = new Map<string, Promise<PageRenderer>>();

/** The CPU pool task (cpu/tasks.ts), in a worker: the renderer in `file`, loaded once, draws the page. */
export async function drawPageTask({ file, page, doc }: DrawPageInput): Promise<string> {
  let loading = renderers.get(file);
  if (!loading) {
    loading = import(pathToFileURL(file).href) as Promise<PageRenderer>;
    renderers.set(file, loading);
  }
  const renderer = await loading;
  return page === "results" ? renderer.renderResultsPage(doc) : renderer.renderDocumentPage(doc);
}

/** Something that runs the drawing task (the app's CPU pool). */
interface RunsDrawPage {
  run(task: "drawPage", input: DrawPageInput, opts: { owner: string }): Promise<string>;
}

/** Pages drawn by the build's renderer in `file`, through `cpu`; null when the build has none. */
export function pooledPageDrawer(cpu: RunsDrawPage, file: string): () => Promise<DrawPage | null> {
  const draw: DrawPage = (page, doc, owner) => cpu.run("drawPage", { file, page, doc }, { owner });
  let found: boolean | undefined;
  return async () => {
    found ??= existsSync(file);
    return found ? draw : null;
  };
}

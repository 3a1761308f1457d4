// The app's own drawing of a page at request time: src/client/prerender.tsx, built for Node by
// scripts/prerender.mjs into dist/render/page-render.mjs beside the client. Loaded at its first use
// (React's server renderer and the pages' code are not read at start-up); a build without it, or one
// that fails to load, draws nothing and the pages go out as built.
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { DocumentDetail } from "../../shared/documents";

/** What the built renderer draws for the server. */
export interface PageRenderer {
  /** A document's page as its owner sees it once loaded, inert (the page's shell). */
  renderDocumentPage(doc: DocumentDetail): Promise<string>;
  /** Results reopened from the document (`?document=`), likewise. */
  renderResultsPage(doc: DocumentDetail): Promise<string>;
}

/** The renderer in `file`, loaded once, at the first call; null when there is none or it fails to load. */
export function builtPageRenderer(file: string, onError: (err: unknown) => void): () => Promise<PageRenderer | null> {
  let loading: Promise<PageRenderer | null> | undefined;
  return () => {
    loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (m: Partial<PageRenderer>) =>
            typeof m.renderDocumentPage === "function" && typeof m.renderResultsPage === "function"
              ? (m as PageRenderer)
              : null,
          (err: unknown) => {
            onError(err);
            return null;
          },
        )
      : Promise.resolve(null);
    return loading;
  };
}

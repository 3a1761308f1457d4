// The draft parser (draft-parser.ts) as a screen gets it: at once when it has been loaded, else the
// component suspends until it has (its Suspense boundary shows a spinner meanwhile).
import type { Root } from "mdast";
import { createElement, type ReactNode, Suspense, use, useEffect } from "react";
import { Spinner } from "../../components/ui/spinner";

/** The draft parser: a draft's Markdown as its mdast tree. */
export type Parse = (text: string) => Root;

let loaded: Parse | undefined;
let loading: Promise<Parse> | undefined;

/** Makes the parser available at once (draft-parser-now.ts, imported by the screens that open on a draft). */
export function provideDraftParser(parse: Parse): void {
  loaded = parse;
}

/**
 * Starts loading the parser; a no-op once it is loaded or on its way. A failed load (the network) is
 * forgotten, so the next draft drawn tries again; the one that failed reaches the page's error boundary.
 */
export function loadDraftParser(): Promise<Parse> {
  loading ??= loaded
    ? Promise.resolve(loaded)
    : import("./draft-parser").then(
        (m) => {
          loaded = m.parseDraft;
          return loaded;
        },
        (err: unknown) => {
          loading = undefined;
          throw err;
        },
      );
  return loading;
}

/** The parser, suspending the caller until it is loaded. */
export function useDraftParser(): Parse {
  return loaded ?? use(loadDraftParser());
}

/** Loads the parser after the screen's first render, so a draft the user asks for draws at once. */
export function usePreloadDraftParser(): void {
  useEffect(() => {
    // A failure here is not the user's yet: the draft that needs the parser tries again and reports it.
    loadDraftParser().catch(() => {});
  }, []);
}

/** What a draft shows while the parser loads (a moment, and only on screens that load it late). */
function DraftParserFallback() {
  return createElement(
    "div",
    { className: "flex justify-center p-4" },
    createElement(Spinner, { className: "size-5", label: "Loading the draft" }),
  );
}

/** Draws `children` (which call useDraftParser) once the parser has loaded, a small spinner until then. */
export function DraftParserBoundary({ children }: { children: ReactNode }) {
  return createElement(Suspense, { fallback: createElement(DraftParserFallback) }, children);
}

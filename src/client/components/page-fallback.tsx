// What a page loaded on demand shows until its code has run. A page the server sent drawn (a page
// shell: the page as it draws while the session loads, made at build time by prerender.tsx) keeps
// that drawing, so the text a visitor already reads does not give way to a spinner and come back; any
// other page shows the spinner. A shell is inert (nothing in it can be focused, typed in or clicked):
// it is a picture of the page until React draws the page itself over it, which would drop what had
// been typed into a field of the picture.
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { PageSpinner } from "./ui/spinner";

/** The attribute of the element wrapping a page shell in the HTML the server sends. */
export const PAGE_SHELL_ATTRIBUTE = "data-page-shell";

let kept: { path: string; html: string } | undefined;

/**
 * Keeps the page shell in `container` (the HTML the server sent, before React replaces it), for the
 * page at `path`. Whether there was one.
 */
export function keepPageShell(container: HTMLElement, path: string): boolean {
  const shell = container.querySelector(`[${PAGE_SHELL_ATTRIBUTE}]`);
  if (!shell) return false;
  kept = { path, html: shell.innerHTML };
  return true;
}

/** Forgets the kept shell (boot.tsx, at the first navigation): it is the page opened's, as it was then. */
export function dropPageShell() {
  kept = undefined;
}

/**
 * The page shell kept for the page at this path, else `fallback` (default a spinner `label` names): what
 * a page loaded on demand shows until its code has run, and what a page whose shell holds its data (a
 * document's page or Results, drawn by the server for the document's owner) shows until it has that
 * data itself.
 */
export function PageFallback({ label, fallback }: { label?: string; fallback?: ReactNode }) {
  const { pathname } = useLocation();
  if (kept?.path !== pathname) return fallback ?? <PageSpinner label={label} />;
  // The server's page: drawn at build time from the app's components, or for a document's page at
  // request time for the signed-in owner (React-escaped text, the app's own Markdown components). It
  // is the HTML this browser already parsed from the server, put back as it was.
  return (
    <div
      className="contents"
      inert
      {...{ [PAGE_SHELL_ATTRIBUTE]: "" }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own drawing of this page (above)
      dangerouslySetInnerHTML={{ __html: kept.html }}
    />
  );
}

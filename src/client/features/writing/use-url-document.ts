// The document a writing screen shows, in its URL (`?document=<id>`), so a reload brings the same
// work back (issue 10). Read once when the screen opens; set (replacing the history entry) as soon as
// the server names the document — for a streamed draft that is its first event, before any word.
//
// A reload in the middle of a stream cancels the call; the server then saves what was written (and
// charged) a moment later, so a 404 is retried a few times before the screen says nothing was saved.
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { DocumentDetail } from "../../../shared/documents";
import { DOCUMENT_PARAM, PAGE_ROUTES } from "../../../shared/routes";
import { ApiError } from "../../lib/api";
import { fetchDocument } from "../documents/api";

/** The Results screen opened on a document (it checks the newest text when it has no check yet). */
export const resultsOf = (id: string) => `${PAGE_ROUTES.results}?${DOCUMENT_PARAM}=${encodeURIComponent(id)}`;
/** How often, and how far apart, a document that is not there yet is asked for again. */
const MISSING_RETRIES = 4;
const RETRY_MS = 750;

export type UrlDocument =
  | { status: "none" }
  | { status: "loading"; id: string }
  | { status: "ready"; id: string; doc: DocumentDetail }
  | { status: "missing"; id: string }
  | { status: "error"; id: string; error: unknown };

/** `param`: the query parameter that names the document (the console's revise-text tool has its own). */
export function useUrlDocument(param = DOCUMENT_PARAM) {
  const [params, setParams] = useSearchParams();
  const [initialId] = useState(() => params.get(param));
  const [state, setState] = useState<UrlDocument>(() =>
    initialId ? { status: "loading", id: initialId } : { status: "none" },
  );
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!initialId || loadedFor.current === initialId) return;
    loadedFor.current = initialId;
    let cancelled = false;
    let timer: number | undefined;
    const attempt = (left: number) => {
      fetchDocument(initialId).then(
        (doc) => !cancelled && setState({ status: "ready", id: initialId, doc }),
        (error: unknown) => {
          if (cancelled) return;
          const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
          if (missing && left > 0 && error.status === 404) {
            timer = window.setTimeout(() => attempt(left - 1), RETRY_MS);
            return;
          }
          setState(missing ? { status: "missing", id: initialId } : { status: "error", id: initialId, error });
        },
      );
    };
    attempt(MISSING_RETRIES);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      loadedFor.current = null;
    };
  }, [initialId]);

  /** Puts `id` in the URL (or takes it out) without a new history entry. */
  const setDocumentId = useCallback(
    (id: string | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(param, id);
          else next.delete(param);
          return next;
        },
        { replace: true },
      );
    },
    [setParams, param],
  );

  return { initialId, state, setDocumentId };
}

// The full app's and the console's document in the URL (issue 10): `?document=<id>` reopens the
// loop from the document (the session form too), and every document the loop writes to is put in the
// URL, so a reload or a shared link comes back to the same work.
import type { MutableRefObject } from "react";
import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { DocumentDetail } from "../../../../shared/documents";
import type { SessionContext } from "../../../../shared/writing";
import { errorText } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useUrlDocument } from "../use-url-document";
import { type SessionFormValues, sessionDefaults } from "./session-defaults";
import { loadSessionRules, sessionOf } from "./session-rules";
import type { WritingSession } from "./use-writing-session";

/** The session form as the document's draft was written, else the defaults with its brief. */
export function formValuesOf(doc: DocumentDetail): SessionFormValues {
  const s = doc.session;
  const defaults = sessionDefaults();
  return {
    currentDate: s?.currentDate ?? defaults.currentDate,
    contentType: s?.contentType || doc.brief || doc.title,
    targetAudience: s?.targetAudience ?? "",
    wordCount: s?.wordCount ?? "",
    additionalContext: s?.additionalContext ?? "",
    aiProvider: s?.aiProvider ?? defaults.aiProvider,
    writingStyle: s?.writingStyle ?? defaults.writingStyle,
    seoKeywords: s?.seoKeywords ?? "",
  };
}

export function useDocumentSession({
  form,
  session,
  lastSession,
  onRestored,
}: {
  form: UseFormReturn<SessionFormValues>;
  session: WritingSession;
  lastSession: MutableRefObject<SessionContext | null>;
  onRestored?: (doc: DocumentDetail) => void;
}) {
  const url = useUrlDocument();
  /** The id in the URL led nowhere: the screen says so (DocumentNotFoundNotice) until dismissed or new work starts. */
  const [notFound, setNotFound] = useState(false);
  const restoredId = useRef<string | null>(null);
  const latest = useRef({ form, session, lastSession, onRestored, url });
  latest.current = { form, session, lastSession, onRestored, url };

  const { state } = url;
  useEffect(() => {
    const { form, session, lastSession, onRestored, url } = latest.current;
    if (state.status === "ready" && restoredId.current !== state.id) {
      restoredId.current = state.id;
      const values = formValuesOf(state.doc);
      form.reset(values);
      // The session the draft was written from, once the form's rules have loaded (revisions use it).
      lastSession.current = null;
      loadSessionRules()
        .then(() => {
          if (restoredId.current === state.id && lastSession.current === null) lastSession.current = sessionOf(values);
        })
        .catch(() => {}); // offline: the next check of the form loads them again
      session.restore(state.doc);
      onRestored?.(state.doc);
    } else if (state.status === "missing" || state.status === "error") {
      if (restoredId.current === state.id) return;
      restoredId.current = state.id;
      if (state.status === "missing") setNotFound(true);
      else toast.error("Could not open the document", errorText(state.error, "Please try again"));
      url.setDocumentId(null);
    }
  }, [state]);

  // Whatever document the loop writes to is the one in the URL.
  const { documentId } = session;
  useEffect(() => {
    if (!documentId) return;
    latest.current.url.setDocumentId(documentId);
    setNotFound(false);
  }, [documentId]);

  return {
    loading: url.state.status === "loading",
    setDocumentId: url.setDocumentId,
    notFound,
    dismissNotFound: () => setNotFound(false),
  };
}

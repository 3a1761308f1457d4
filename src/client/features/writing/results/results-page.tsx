// Results screen (spec §2, §4, §8), /draftsmith/results: reads the pending request the landing page
// saved (none → back to /draftsmith), streams the draft with the progress view, then shows the
// results. A credits refusal leaves the session flag and returns after 1.5 s; any other failure
// toasts its §8 title and returns after 2 s; an empty answer says 'No content returned'.
import { useEffect, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { PAGE_ROUTES } from "../../../../shared/routes";
import { ApiError } from "../../../lib/api";
import { parseError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useAuth } from "../../auth/auth-context";
import { insufficientCreditsFrom } from "../../credits/credits";
import {
  clearPendingRequest,
  type PendingRequest,
  readPendingRequest,
  readResult,
  saveResult,
  setInsufficientCreditsFlag,
} from "../pending-request";
import type { DraftResult } from "../types";
import { ProgressView } from "./progress-view";
import { ResultsView } from "./results-view";
import { useDraftGeneration } from "./use-draft-generation";

/** How long a failure's toast shows before the screen goes back (spec §4). */
export const RETURN_AFTER_MS = { insufficientCredits: 1500, failure: 2000 } as const;

export function ResultsPage() {
  const [pending] = useState<PendingRequest | null>(() => readPendingRequest());
  if (!pending) return <Navigate to={PAGE_ROUTES.product} replace />;
  return <Results pending={pending} />;
}

function Results({ pending }: { pending: PendingRequest }) {
  const navigate = useNavigate();
  const { openSignIn } = useAuth();
  const [restored] = useState<DraftResult | null>(() => readResult(pending.id));
  /** Detection starts when the draft is revealed, not on a restored visit (it would cost a credit per reload). */
  const [autoDetect, setAutoDetect] = useState(false);
  const leaving = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(leaving.current), []);

  const goBackLater = (ms: number) => {
    window.clearTimeout(leaving.current);
    leaving.current = window.setTimeout(() => navigate(PAGE_ROUTES.product), ms);
  };

  const gen = useDraftGeneration(pending, restored, {
    onComplete: (result) => saveResult(pending.id, result),
    onReveal: () => setAutoDetect(true),
    onError: (err) => {
      clearPendingRequest();
      if (err === null) {
        toast.error("No content returned", "The model sent back an empty draft. No text, nothing to show: try again.");
        goBackLater(RETURN_AFTER_MS.failure);
        return;
      }
      const credits = insufficientCreditsFrom(err);
      if (credits) {
        setInsufficientCreditsFlag(credits);
        toast.error("Insufficient Credits", parseError(err).message);
        goBackLater(RETURN_AFTER_MS.insufficientCredits);
        return;
      }
      const parsed = parseError(err);
      const specific = parsed.kind !== "api" && parsed.kind !== "unknown";
      toast.generationError({ ...parsed, title: specific ? parsed.title : "Generation Failed" });
      // Our own session expired (not a provider's key): the landing page asks to sign in again.
      if (err instanceof ApiError && err.status === 401) openSignIn("signin");
      goBackLater(RETURN_AFTER_MS.failure);
    },
  });

  if (gen.status === "revealed" && gen.result) {
    return <ResultsView pending={pending} initial={gen.result} autoDetect={autoDetect} />;
  }
  return (
    <ProgressView
      prompt={pending.text}
      progress={gen.progress}
      rotation={gen.rotation}
      streamed={gen.streamed}
      start={gen.start}
      complete={gen.status === "complete"}
      failed={gen.status === "failed"}
    />
  );
}

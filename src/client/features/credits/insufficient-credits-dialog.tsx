// The Insufficient Credits dialog (spec §2): current balance, required, shortfall, the first three
// packages, Cancel and Buy Credits (→ /billing). Any screen opens it through
// useInsufficientCredits().open({ required, available }); its provider sits around the router outlet.
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { CREDITS } from "../../../shared/limits";
import { useAuth } from "../auth/auth-context";
import { type InsufficientCredits, insufficientCreditsFrom } from "./credits";

// The dialog's UI (and radix Dialog) loads the first time it opens, not with the landing page.
const InsufficientCreditsDialog = lazy(() =>
  import("./insufficient-credits-dialog-view").then((m) => ({ default: m.InsufficientCreditsDialog })),
);

interface InsufficientCreditsContextValue {
  /** Opens the dialog. required defaults to the smallest paid step (a check); available to the known balance. */
  open: (amounts?: Partial<InsufficientCredits>) => void;
  /** Opens the dialog when err is a 402 'Insufficient credits'; returns whether it did. */
  openFromError: (err: unknown) => boolean;
  close: () => void;
}

const InsufficientCreditsContext = createContext<InsufficientCreditsContextValue | null>(null);

export function useInsufficientCredits(): InsufficientCreditsContextValue {
  const ctx = useContext(InsufficientCreditsContext);
  if (!ctx) throw new Error("useInsufficientCredits must be used within an InsufficientCreditsProvider");
  return ctx;
}

export function InsufficientCreditsProvider({ children }: { children: ReactNode }) {
  const { credits, refreshCredits } = useAuth();
  const [amounts, setAmounts] = useState<Partial<InsufficientCredits> | null>(null);

  const open = useCallback(
    (next: Partial<InsufficientCredits> = {}) => {
      setAmounts(next);
      // The balance the dialog shows should be today's, not the one cached before the failed call.
      void refreshCredits();
    },
    [refreshCredits],
  );
  const close = useCallback(() => setAmounts(null), []);
  const openFromError = useCallback(
    (err: unknown) => {
      const found = insufficientCreditsFrom(err);
      if (!found) return false;
      open(found);
      return true;
    },
    [open],
  );

  const value = useMemo(() => ({ open, openFromError, close }), [open, openFromError, close]);
  const required = amounts?.required ?? CREDITS.detection;
  const available = amounts?.available ?? credits?.availableCredits ?? 0;

  return (
    <InsufficientCreditsContext.Provider value={value}>
      {children}
      {amounts !== null && (
        <Suspense fallback={null}>
          <InsufficientCreditsDialog
            open
            onOpenChange={(o) => (o ? undefined : close())}
            required={required}
            available={available}
          />
        </Suspense>
      )}
    </InsufficientCreditsContext.Provider>
  );
}

/**
 * The gate before paid work (spec §5): signed-out users get the sign-in dialog, a balance under
 * `required` gets the Insufficient Credits dialog; returns whether the work may go ahead.
 */
export function useRequireCredits() {
  const { user, credits, openSignIn } = useAuth();
  const { open } = useInsufficientCredits();
  return useCallback(
    (required: number, onSignedIn?: () => void) => {
      if (!user) {
        openSignIn("signin", onSignedIn);
        return false;
      }
      const available = credits?.availableCredits ?? 0;
      if (available < required) {
        open({ required, available });
        return false;
      }
      return true;
    },
    [user, credits, openSignIn, open],
  );
}

// /billing/success: the success notice, a balance refresh about 2 s after the return, then checks
// with backoff until the webhook's credits show up (a toast, and back to /billing).
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { TransactionsResponse } from "../../../shared/billing";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../lib/toast";
import { CREDITS_KEY, type CreditsBalance, useAuth } from "../auth/auth-context";
import { TRANSACTIONS_KEY, USAGE_KEY } from "../credits/credits";
import { formatCredits } from "../credits/format";
import { ARRIVAL_CHECK_DELAYS_MS, creditsArrived, forgetPendingPurchase, readPendingPurchase } from "./payment-return";

type Phase = "waiting" | "late";

export function PaymentReturnNotice() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>("waiting");
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round is how "Check again" restarts the checks.
  useEffect(() => {
    if (!user) return;
    const pending = readPendingPurchase();
    let cancelled = false;
    let timer: number | undefined;
    setPhase("waiting");

    const check = async (attempt: number) => {
      if (cancelled) return;
      let added = 0;
      try {
        // staleTime 0 forces a fresh read; the header's count updates with the same cache entry.
        const credits = await queryClient.fetchQuery<CreditsBalance>({ queryKey: CREDITS_KEY, staleTime: 0 });
        const history = pending
          ? undefined
          : await queryClient.fetchQuery<TransactionsResponse>({ queryKey: TRANSACTIONS_KEY, staleTime: 0 });
        added = creditsArrived({ pending, totalCredits: credits.totalCredits, transactions: history?.transactions });
      } catch {
        /* a failed check is just another miss; the next one may work */
      }
      if (cancelled) return;
      if (added > 0) {
        forgetPendingPurchase();
        await queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
        await queryClient.invalidateQueries({ queryKey: USAGE_KEY });
        toast.success("Credits Added", `${formatCredits(added)} credits are now in your account. Thank you!`);
        navigate(PAGE_ROUTES.billing, { replace: true });
        return;
      }
      const next = ARRIVAL_CHECK_DELAYS_MS[attempt + 1];
      if (next === undefined) setPhase("late");
      else timer = window.setTimeout(() => void check(attempt + 1), next);
    };

    timer = window.setTimeout(() => void check(0), ARRIVAL_CHECK_DELAYS_MS[0]);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [user, queryClient, navigate, round]);

  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950"
      data-testid="payment-return"
    >
      <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">Payment successful</p>
        {phase === "waiting" ? (
          <p className="flex items-center gap-2 text-sm">
            <Spinner label="Waiting for your credits" />
            Payment received — your credits are on the way.
          </p>
        ) : (
          <>
            <p className="flex items-center gap-2 text-sm">
              <Clock className="size-4" aria-hidden="true" />
              Payment received — your credits are on the way. They are added as soon as the payment provider confirms
              the payment, which is taking longer than usual. There is no need to pay again.
            </p>
            <div className="flex gap-2 pt-1">
              <Button size="sm" variant="outline" onClick={() => setRound((r) => r + 1)}>
                Check again
              </Button>
              <Button size="sm" variant="ghost" onClick={() => navigate(PAGE_ROUTES.billing, { replace: true })}>
                Back to billing
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

// /billing/success?session_id=…: what the ledger says about this checkout (GET
// /api/billing/checkout/:id). Credited: how many credits, for which package. Still waiting: the
// payment provider has not confirmed it yet; the page checks again with backoff (credits come only
// with the signed webhook, never with the redirect). Not found: no such checkout on this account
// (a typed or someone else's address) — nothing was added, and the page does not pretend otherwise.
// Expired: Stripe closed the checkout unpaid, so the page stops waiting for credits that won't come.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, SearchX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { CheckoutStatusResponse } from "../../../shared/billing";
import { creditCount } from "../../../shared/plural";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { ApiError, apiGet } from "../../lib/api";
import { cn } from "../../lib/cn";
import { FRESH_ON_MOUNT } from "../../lib/query";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { CREDITS_KEY } from "../auth/auth-context";
import { TRANSACTIONS_KEY, USAGE_KEY } from "../credits/credits";
import { ARRIVAL_CHECK_DELAYS_MS } from "./payment-return";

type Shown = "credited" | "waiting" | "late" | "expired" | "not-found" | "error";

export function PaymentReturnNotice() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const [late, setLate] = useState(false);
  const checks = useRef(0);
  const wasWaiting = useRef(false);

  const status = useQuery<CheckoutStatusResponse>({
    queryKey: ["/api/billing/checkout", sessionId, round],
    queryFn: () => apiGet<CheckoutStatusResponse>(`/api/billing/checkout/${encodeURIComponent(sessionId ?? "")}`),
    enabled: Boolean(sessionId),
    ...FRESH_ON_MOUNT,
    // While the checkout waits for its webhook: again after 2, 4, 8, 16 and 32 s, then "Check again".
    refetchInterval: (q) => {
      if (q.state.data?.status !== "pending") return false;
      const delay = ARRIVAL_CHECK_DELAYS_MS[checks.current];
      checks.current += 1;
      if (delay === undefined) queueMicrotask(() => setLate(true));
      return delay ?? false;
    },
  });

  const data = status.data;
  const shown: Shown = !sessionId
    ? "not-found"
    : status.isError
      ? status.error instanceof ApiError && status.error.status === 404
        ? "not-found"
        : "error"
      : data?.status === "credited" || data?.status === "expired"
        ? data.status
        : data?.status === "pending" && late && !status.isFetching
          ? "late"
          : "waiting";

  // Credits that arrive while the page waits: announce them once and refresh the figures.
  useEffect(() => {
    if (shown === "waiting" || shown === "late") wasWaiting.current = true;
    if (data?.status !== "credited") return;
    void refreshQueries(queryClient, { queryKey: CREDITS_KEY });
    void refreshQueries(queryClient, { queryKey: TRANSACTIONS_KEY });
    void refreshQueries(queryClient, { queryKey: USAGE_KEY });
    if (wasWaiting.current) {
      wasWaiting.current = false;
      toast.success("Credits Added", `${creditCount(data.credits)} are now in your account. Thank you!`);
    }
  }, [shown, data, queryClient]);

  const tone =
    shown === "credited"
      ? "border-emerald-300 bg-emerald-50 text-emerald-950"
      : shown === "not-found" || shown === "error" || shown === "expired"
        ? "border-amber-300 bg-amber-50 text-amber-950"
        : "border-slate-300 bg-white text-slate-900";
  const backToBilling = (
    <Button size="sm" variant="ghost" onClick={() => navigate(PAGE_ROUTES.billing, { replace: true })}>
      Back to billing
    </Button>
  );

  return (
    <div
      role="status"
      className={cn("flex items-start gap-3 rounded-xl border p-4", tone)}
      data-testid="payment-return"
      data-state={shown}
    >
      {shown === "credited" ? (
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden="true" />
      ) : shown === "not-found" || shown === "error" || shown === "expired" ? (
        <SearchX className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden="true" />
      ) : (
        <Clock className="mt-0.5 size-6 shrink-0 text-slate-600" aria-hidden="true" />
      )}
      <div className="space-y-1">
        {shown === "credited" && data?.status === "credited" ? (
          <>
            <p className="font-semibold">Credits added</p>
            <p className="text-sm">
              {creditCount(data.credits)}
              {data.packageName ? ` (${data.packageName})` : ""} were added to your account for this payment.
            </p>
            <div className="pt-1">{backToBilling}</div>
          </>
        ) : shown === "expired" ? (
          <>
            <p className="font-semibold">This checkout expired</p>
            <p className="text-sm">
              It was closed before it was paid, so no credits were added and nothing was charged. Choose a package below
              to buy credits.
            </p>
            <div className="pt-1">{backToBilling}</div>
          </>
        ) : shown === "not-found" ? (
          <>
            <p className="font-semibold">No payment found</p>
            <p className="text-sm">
              {sessionId
                ? "There is no checkout with this address on your account, so no credits were added from it."
                : "This address does not name a checkout, so there is nothing to check."}{" "}
              Your balance and transactions below are up to date.
            </p>
            <div className="pt-1">{backToBilling}</div>
          </>
        ) : shown === "error" ? (
          <>
            <p className="font-semibold">Could not check this payment</p>
            <p className="text-sm">The check failed. Try again in a moment; there is no need to pay again.</p>
            <div className="flex gap-2 pt-1">
              <Button size="sm" variant="outline" onClick={() => setRound((r) => r + 1)}>
                Check again
              </Button>
              {backToBilling}
            </div>
          </>
        ) : (
          <>
            <p className="font-semibold">Waiting for the payment to be confirmed</p>
            {shown === "waiting" ? (
              <p className="flex items-center gap-2 text-sm">
                <Spinner label="Waiting for your credits" />
                Your credits are added as soon as the payment provider confirms the payment.
              </p>
            ) : (
              <>
                <p className="text-sm">
                  The payment provider has not confirmed this payment yet, which is taking longer than usual. Credits
                  are added as soon as it does; there is no need to pay again.
                </p>
                <div className="flex gap-2 pt-1">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      checks.current = 0;
                      setLate(false);
                      setRound((r) => r + 1);
                    }}
                  >
                    Check again
                  </Button>
                  {backToBilling}
                </div>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}

// The Purchase Credits tab: the packages, and Buy → a Stripe Checkout Session. Without Stripe keys
// the packages are listed for reference and the page says plainly that nothing can be bought.
import { useMutation, useQuery } from "@tanstack/react-query";
import { Ban, Check } from "lucide-react";
import { useState } from "react";
import type { BillingConfigResponse, CheckoutResponse, CreditPackage } from "../../../shared/billing";
import { BILLING_MESSAGES } from "../../../shared/billing-text";
import { creditCount } from "../../../shared/plural";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { apiPost } from "../../lib/api";
import { cn } from "../../lib/cn";
import { errorText } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useAuth } from "../auth/auth-context";
import { BILLING_CONFIG_KEY, useCreditPackages } from "../credits/credits";
import { formatPricePerCredit, formatUsd } from "../credits/format";
import { useErrorToast } from "../credits/use-error-toast";

export function useBillingConfig() {
  return useQuery<BillingConfigResponse>({ queryKey: BILLING_CONFIG_KEY });
}

export function PackagesTab() {
  const { user, openSignIn } = useAuth();
  const packages = useCreditPackages();
  const config = useBillingConfig();
  useErrorToast(packages.error, "Failed to load credit packages");
  const purchasesEnabled = config.data?.purchasesEnabled === true;
  // Once Stripe's page is on its way, a second click must not open a second checkout.
  const [redirecting, setRedirecting] = useState(false);

  const checkout = useMutation({
    mutationFn: (p: CreditPackage) =>
      apiPost<CheckoutResponse>("/api/billing/checkout", {
        packageId: p.id,
        // Stripe puts the session id in the address, so the success page can ask the ledger about it.
        successUrl: `${window.location.origin}${PAGE_ROUTES.billingSuccess}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${window.location.origin}${PAGE_ROUTES.billing}`,
      }),
    onSuccess: (res) => {
      setRedirecting(true);
      window.location.assign(res.checkoutUrl);
    },
    onError: (err) => toast.error("Purchase Failed", errorText(err, "Could not start the checkout. Please try again.")),
  });

  if (packages.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading credit packages" className="size-6" />
      </div>
    );
  }
  if (packages.isError) {
    return (
      <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800" role="alert">
        Failed to load credit packages.{" "}
        <Button variant="link" className="h-auto p-0" onClick={() => packages.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {config.data && !purchasesEnabled && (
        <div
          className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          role="note"
          data-testid="purchases-disabled"
        >
          <Ban className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{BILLING_MESSAGES.purchasesDisabled}.</p>
            <p>
              The packages are listed for reference only: no payment can be taken here. An administrator can grant you
              credits.
            </p>
          </div>
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Credit packages">
        {packages.data.map((p) => {
          const pending = (checkout.isPending || redirecting) && checkout.variables?.id === p.id;
          return (
            <li key={p.id} className="flex">
              <Card className={cn("flex w-full flex-col", p.popular && "border-brand-600 ring-2 ring-brand-600")}>
                <CardHeader>
                  {/* Wraps rather than overflow: four cards share a narrow column at 1280 px. */}
                  <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                    <h3 id={`package-${p.id}`} className="text-base font-semibold text-slate-900">
                      {p.name}
                    </h3>
                    {p.popular && <Badge className="whitespace-nowrap">Most popular</Badge>}
                  </div>
                  <p className="text-3xl font-bold text-slate-900">{formatUsd(p.price)}</p>
                </CardHeader>
                <CardContent className="flex-1 space-y-2 text-sm text-slate-700">
                  <p className="text-lg font-semibold text-slate-900">{creditCount(p.credits)}</p>
                  <p>{formatPricePerCredit(p.pricePerCredit)} per credit</p>
                  <p className="flex items-start gap-1.5">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                    {p.estimatedGenerations}
                  </p>
                  {p.description && <p className="text-slate-600">{p.description}</p>}
                </CardContent>
                <CardFooter>
                  {user ? (
                    <Button
                      className="w-full"
                      variant={p.popular ? "default" : "outline"}
                      disabled={!purchasesEnabled || checkout.isPending || redirecting}
                      onClick={() => checkout.mutate(p)}
                      aria-label={`Buy ${p.name}: ${creditCount(p.credits)} for ${formatUsd(p.price)}`}
                    >
                      {pending && <Spinner label="Starting checkout" />}
                      {pending ? "Redirecting…" : `Buy ${p.name}`}
                    </Button>
                  ) : (
                    <Button className="w-full" variant="outline" onClick={() => openSignIn("signin")}>
                      Sign in to buy
                    </Button>
                  )}
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-slate-600">
        Prices in US dollars.
        {/* Only where payments can be taken: under 'Purchases are not configured' it would be untrue. */}
        {purchasesEnabled &&
          " Payment is handled by Stripe; your card details never reach Draftsmith. Credits are added as soon as Stripe confirms the payment."}
      </p>
    </div>
  );
}

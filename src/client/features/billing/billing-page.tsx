// /billing and /billing/success (spec §2): 'Credits & Billing', three tabs, the balance card and
// 'How Credits Work'. Signed-out visitors see 'Sign In Required' with the sign-in form, and the
// packages (spec §6: the package list is public).
import { LogIn } from "lucide-react";
import { lazy, useDeferredValue, useEffect, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { PageSpinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useAuth } from "../auth/auth-context";
import { useCreditPackages } from "../credits/credits";
import { BalanceCard } from "./balance-card";
import { HowCreditsWork } from "./how-credits-work";
import { PackagesTab, useBillingConfig } from "./packages-tab";
import { PaymentReturnNotice } from "./payment-return-notice";
import { TransactionsTab } from "./transactions-tab";
import { UsageTab } from "./usage-tab";

// The sign-in forms (react-hook-form, zod) load only for a visitor who is signed out. No Suspense
// boundary of its own: the session arrives in a transition, so the page's spinner stays until the
// forms have loaded, and nothing appears empty first.
const AuthForms = lazy(() => import("../auth/sign-in-dialog").then((m) => ({ default: m.AuthForms })));

type BillingTab = "purchase" | "transactions" | "usage";

export function BillingPage({ paymentReturn = false }: { paymentReturn?: boolean }) {
  const { loading, user, credits, refreshCredits } = useAuth();
  const [tab, setTab] = useState<BillingTab>("purchase");
  // The packages and the purchases switch are asked for at once, beside the session, and the page
  // waits for all three: parts drawn as each answer arrived pushed each other down (CLS 1.05 on a phone).
  const packages = useCreditPackages();
  const config = useBillingConfig();
  // (isFetched: a first answer or error came; a failed list refetching when its tab mounts keeps the page drawn.)
  const waiting = loading || !packages.isFetched || !config.isFetched;
  // The page itself draws in a deferred render once everything has come: sliced, rather than one long
  // task inside the answer that completed it (TanStack Query's updates render at once, unsliced).
  const drawing = useDeferredValue(waiting, true);

  // The balance is cached for the session: coming back here after spending, show today's figures.
  useEffect(() => {
    if (user) void refreshCredits();
  }, [user, refreshCredits]);

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Credits & Billing</h1>
        <p className="text-slate-600">Buy credits, and see what you have bought and spent.</p>
      </header>

      {waiting || drawing ? (
        <PageSpinner label="Loading your account" />
      ) : !user ? (
        <SignedOut paymentReturn={paymentReturn} />
      ) : (
        <>
          {paymentReturn && <PaymentReturnNotice />}
          {/* On a phone the balance comes first, then the tabs, then how credits work; on a desktop the
              tabs fill the left column beside both cards. */}
          <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:grid-rows-[auto_1fr]">
            <div className="lg:col-start-2 lg:row-start-1">
              <BalanceCard credits={credits} />
            </div>
            <Tabs
              value={tab}
              onValueChange={(v) => setTab(v as BillingTab)}
              className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1"
            >
              <TabsList aria-label="Billing">
                <TabsTrigger value="purchase">Purchase Credits</TabsTrigger>
                <TabsTrigger value="transactions">Transactions</TabsTrigger>
                <TabsTrigger value="usage">Usage History</TabsTrigger>
              </TabsList>
              <TabsContent value="purchase">
                <PackagesTab />
              </TabsContent>
              <TabsContent value="transactions">
                <TransactionsTab />
              </TabsContent>
              <TabsContent value="usage">
                <UsageTab />
              </TabsContent>
            </Tabs>
            <div className="lg:col-start-2 lg:row-start-2">
              <HowCreditsWork />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

function SignedOut({ paymentReturn }: { paymentReturn: boolean }) {
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card role="region" aria-labelledby="sign-in-required">
          <CardHeader>
            <CardTitle id="sign-in-required" className="flex items-center gap-2">
              <LogIn className="size-5 text-brand-700" aria-hidden="true" />
              Sign In Required
            </CardTitle>
            <CardDescription>
              {paymentReturn
                ? "Sign in to see your credits. A completed payment is added to your account as soon as the payment provider confirms it."
                : "Sign in to buy credits and see your balance, transactions and usage."}
            </CardDescription>
          </CardHeader>
          <CardContent className="max-w-md">
            <AuthForms />
          </CardContent>
        </Card>
        <HowCreditsWork />
      </div>
      <section aria-labelledby="packages-heading" className="space-y-3">
        <h2 id="packages-heading" className="text-xl font-semibold text-slate-900">
          Credit packages
        </h2>
        <PackagesTab />
      </section>
    </div>
  );
}

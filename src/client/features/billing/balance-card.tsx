// The credit balance card (spec §2, §3): available, Total Purchased, used and bonus credits.
import { Coins } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import type { CreditsBalance } from "../auth/auth-context";
import { BuyMoreCreditsButton } from "../credits/buy-more-credits-button";
import { formatCredits } from "../credits/format";

export function BalanceCard({ credits }: { credits: CreditsBalance | undefined }) {
  return (
    <Card role="region" aria-labelledby="balance-title">
      <CardHeader>
        <CardTitle id="balance-title" className="flex items-center gap-2">
          <Coins className="size-5 text-amber-600" aria-hidden="true" />
          Credit Balance
        </CardTitle>
      </CardHeader>
      <CardContent>
        {credits ? (
          <>
            <Figures credits={credits} />
            <BuyMoreCreditsButton className="mt-4 w-full" />
          </>
        ) : (
          // The figures' own layout, unseen, under the spinner: the card keeps its size when they arrive.
          <div className="relative">
            <div className="invisible" aria-hidden="true">
              <Figures credits={undefined} />
            </div>
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner label="Loading your balance" />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The balance and its three parts; without `credits`, the same boxes (placeholders, no test ids). */
function Figures({ credits }: { credits: CreditsBalance | undefined }) {
  const figure = (n: number | undefined) => (n === undefined ? "0" : formatCredits(n));
  const id = (testId: string) => (credits ? testId : undefined);
  return (
    <>
      <p className="text-4xl font-bold tracking-tight text-slate-900" data-testid={id("available-credits")}>
        {figure(credits?.availableCredits)}
      </p>
      <p className="text-sm text-slate-600">credits available</p>
      <dl className="mt-4 grid grid-cols-3 gap-2 border-t border-slate-200 pt-4 text-sm [&_dt]:text-xs">
        {(
          [
            ["Total Purchased", "total-purchased", credits?.totalCredits],
            ["Used", "used-credits", credits?.usedCredits],
            ["Bonus", "bonus-credits", credits?.bonusCredits],
          ] as const
        ).map(([label, testId, value]) => (
          <div key={testId}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900" data-testid={id(testId)}>
              {figure(value)}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

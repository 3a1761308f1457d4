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
            <p className="text-4xl font-bold tracking-tight text-slate-900" data-testid="available-credits">
              {formatCredits(credits.availableCredits)}
            </p>
            <p className="text-sm text-slate-600">credits available</p>
            <dl className="mt-4 grid grid-cols-3 gap-2 border-t border-slate-200 pt-4 text-sm [&_dt]:text-xs">
              {(
                [
                  ["Total Purchased", "total-purchased", credits.totalCredits],
                  ["Used", "used-credits", credits.usedCredits],
                  ["Bonus", "bonus-credits", credits.bonusCredits],
                ] as const
              ).map(([label, testId, value]) => (
                <div key={testId}>
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-semibold text-slate-900" data-testid={testId}>
                    {formatCredits(value)}
                  </dd>
                </div>
              ))}
            </dl>
            <BuyMoreCreditsButton className="mt-4 w-full" />
          </>
        ) : (
          <div className="flex justify-center p-4">
            <Spinner label="Loading your balance" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

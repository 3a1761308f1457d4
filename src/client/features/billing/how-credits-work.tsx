// 'How Credits Work' (spec §9's guidance). The per-step figures come from the formulas the server
// charges with (src/shared/credits-math.ts, via ../credits/estimates): fixed prices as they are,
// token-priced steps as the estimate held for a typical 800-word draft.
import { Info } from "lucide-react";
import { CREDITS } from "../../../shared/limits";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { TYPICAL_COSTS } from "../credits/estimates";
import { formatCredits } from "../credits/format";

const markupPercent = Math.round((CREDITS.markup - 1) * 100);

export function HowCreditsWork() {
  return (
    <Card role="region" aria-labelledby="how-credits-work">
      <CardHeader>
        <CardTitle id="how-credits-work" className="flex items-center gap-2">
          <Info className="size-5 text-brand-700" aria-hidden="true" />
          How Credits Work
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <p>
          Steps a model writes (drafts, revisions, rewrites, SEO optimization) cost the tokens they really use: 1 credit
          ≈ {formatCredits(CREDITS.tokensPerCredit)} AI tokens, with a {markupPercent}% markup, rounded up. AI detection
          and SEO HTML have a fixed price whatever the length, so their rows in your usage show no tokens. The figures
          below are what a step typically costs; each button shows its own before you click.
        </p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {TYPICAL_COSTS.map((c) => (
            <div key={c.step} className="contents">
              <dt>
                {c.step}
                {c.fixed && <span className="text-slate-600"> (fixed price)</span>}
              </dt>
              <dd className="text-right font-medium text-slate-900">{c.cost}</dd>
            </div>
          ))}
        </dl>
        <p>
          When no AI model is configured, the offline sample writer answers instead: its drafts, revisions and rewrites
          are free (0 credits) and show in your usage history as the offline sample writer.
        </p>
        <p className="font-medium text-slate-900">Credits never expire.</p>
      </CardContent>
    </Card>
  );
}

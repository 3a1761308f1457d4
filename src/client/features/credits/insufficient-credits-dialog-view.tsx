// The Insufficient Credits dialog itself (spec §2): current balance, required, shortfall, the first
// three packages, Cancel and Buy Credits (→ /billing) — or, where this server takes no payments, who can
// grant credits instead and no button to a page that cannot sell (issue 31). Loaded on first use by
// insufficient-credits-dialog.tsx, so the landing page does not carry it.
import { useQuery } from "@tanstack/react-query";
import { AlertCircle, Coins } from "lucide-react";
import { useNavigate } from "react-router";
import type { BillingConfigResponse } from "../../../shared/billing";
import { INSUFFICIENT_DIALOG_PACKAGES } from "../../../shared/limits";
import { creditCount } from "../../../shared/plural";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { BILLING_CONFIG_KEY, useCreditPackages } from "./credits";
import { formatCredits, formatUsd } from "./format";

export function InsufficientCreditsDialog({
  open,
  onOpenChange,
  required,
  available,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  required: number;
  available: number;
}) {
  const navigate = useNavigate();
  const packages = useCreditPackages();
  const config = useQuery<BillingConfigResponse>({ queryKey: BILLING_CONFIG_KEY });
  const cannotSell = config.data?.purchasesEnabled === false;
  const shortfall = Math.max(0, required - available);
  const offered = (packages.data ?? []).slice(0, INSUFFICIENT_DIALOG_PACKAGES);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="insufficient-credits-desc">
        <DialogTitle className="flex items-center gap-2">
          <AlertCircle className="size-5 text-amber-600" aria-hidden="true" />
          Insufficient Credits
        </DialogTitle>
        <DialogDescription id="insufficient-credits-desc">
          {cannotSell
            ? "You don't have enough credits for this. This server takes no payments: an administrator can grant you credits."
            : "You don't have enough credits for this. Buy a package to continue; credits never expire."}
        </DialogDescription>

        <dl className="mt-4 grid grid-cols-3 gap-2 text-center" aria-label="Your credits">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">Current balance</dt>
            <dd className="text-xl font-semibold text-slate-900">{formatCredits(available)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">Required</dt>
            <dd className="text-xl font-semibold text-slate-900">{formatCredits(required)}</dd>
          </div>
          <div className="rounded-lg bg-red-50 p-3">
            <dt className="text-xs text-red-800">Shortfall</dt>
            <dd className="text-xl font-semibold text-red-800">{formatCredits(shortfall)}</dd>
          </div>
        </dl>

        {!cannotSell && (
          <section className="mt-4" aria-labelledby="insufficient-packages">
            <h3 id="insufficient-packages" className="text-sm font-medium text-slate-800">
              Credit packages
            </h3>
            {packages.isPending ? (
              <div className="flex justify-center p-4">
                <Spinner label="Loading credit packages" />
              </div>
            ) : offered.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">See the billing page for credit packages.</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {offered.map((p) => (
                  <li
                    key={p.id}
                    className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
                  >
                    <span className="flex items-center gap-2">
                      <Coins className="size-4 text-amber-600" aria-hidden="true" />
                      <span className="font-medium">{p.name}</span>
                      <span className="text-slate-600">{creditCount(p.credits)}</span>
                      {p.popular && <Badge>Most popular</Badge>}
                    </span>
                    <span className="font-semibold">{formatUsd(p.price)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          {!cannotSell && (
            <Button
              onClick={() => {
                onOpenChange(false);
                navigate(PAGE_ROUTES.billing);
              }}
            >
              Buy Credits
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

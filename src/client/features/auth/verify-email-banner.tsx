// Shown to a signed-in user whose address is not verified yet: the product works, the banner asks
// for the link to be followed and offers to send it again. It is the layout's last element, sticky to
// the bottom of the screen: it appears once the session is known, after the page has drawn, and a
// banner above the page would push all of it down (CLS 0.6–0.9 on a phone). On a phone it is one
// short line (about 45 px); "Dismiss" hides it for this tab's session (issue 31).
import { MailWarning, X } from "lucide-react";
import { useState } from "react";
import { ACCOUNT_TEXT } from "../../../shared/account-text";
import { Button } from "../../components/ui/button";
import { ApiError, apiPost } from "../../lib/api";
import { toast } from "../../lib/toast";
import { usePending } from "../../lib/use-pending";
import { useAuth } from "./auth-context";
import { dismissVerifyBanner, isVerifyBannerDismissed } from "./verify-banner-dismissal";

export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [pending, run] = usePending();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  if (user?.emailVerified !== false) return null;
  if (dismissedFor === user.id || isVerifyBannerDismissed(user.id)) return null;
  return (
    <section
      aria-label="E-mail verification"
      className="sticky bottom-0 z-20 border-t border-amber-200 bg-amber-50 text-sm text-amber-950"
      data-testid="verify-email-banner"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-1.5 sm:gap-3 sm:px-4 sm:py-2">
        <MailWarning className="size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          <span className="sm:hidden" aria-hidden="true">
            {ACCOUNT_TEXT.verifyBannerShort}
          </span>
          <span className="max-sm:sr-only">
            {ACCOUNT_TEXT.verifyBanner} <strong className="font-medium">{user.email}</strong>.
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() =>
            run(
              async () => {
                await apiPost("/api/auth/send-verification-email", { email: user.email });
                toast.success(ACCOUNT_TEXT.verificationSent);
              },
              (err) =>
                toast.error("Could not send the e-mail", err instanceof ApiError ? err.serverMessage : undefined),
            )
          }
        >
          Resend<span className="max-sm:sr-only"> e-mail</span>
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label="Dismiss for this session"
          onClick={() => {
            dismissVerifyBanner(user.id);
            setDismissedFor(user.id);
          }}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}

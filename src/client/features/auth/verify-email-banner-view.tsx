// The verify-email banner's UI, loaded by verify-email-banner.tsx only for a signed-in user whose
// address is not verified yet.
import { MailWarning, X } from "lucide-react";
import { ACCOUNT_TEXT } from "../../../shared/account-text";
import { Button } from "../../components/ui/button";
import { ApiError, apiPost } from "../../lib/api";
import { toast } from "../../lib/toast";
import { usePending } from "../../lib/use-pending";

export function VerifyEmailBannerView({ email, onDismiss }: { email: string; onDismiss: () => void }) {
  const [pending, run] = usePending();
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
            {ACCOUNT_TEXT.verifyBanner} <strong className="font-medium">{email}</strong>.
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() =>
            run(
              async () => {
                await apiPost("/api/auth/send-verification-email", { email });
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
          onClick={onDismiss}
        >
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}

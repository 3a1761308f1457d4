// Shown to a signed-in user whose address is not verified yet: the product works, the banner asks
// for the link to be followed and offers to send it again. It is the layout's last element, sticky to
// the bottom of the screen: it appears once the session is known, after the page has drawn, and a
// banner above the page would push all of it down (CLS 0.6–0.9 on a phone).
import { MailWarning } from "lucide-react";
import { ACCOUNT_TEXT } from "../../../shared/account-text";
import { Button } from "../../components/ui/button";
import { ApiError, apiPost } from "../../lib/api";
import { toast } from "../../lib/toast";
import { usePending } from "../../lib/use-pending";
import { useAuth } from "./auth-context";

export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [pending, run] = usePending();
  if (user?.emailVerified !== false) return null;
  return (
    <section
      aria-label="E-mail verification"
      className="sticky bottom-0 z-20 border-t border-amber-200 bg-amber-50 text-sm text-amber-950"
      data-testid="verify-email-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <MailWarning className="size-4 shrink-0" aria-hidden="true" />
        <p className="flex-1">
          {ACCOUNT_TEXT.verifyBanner} <strong className="font-medium">{user.email}</strong>.
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
          Resend e-mail
        </Button>
      </div>
    </section>
  );
}

// Shown to a signed-in user whose address is not verified yet: the product works, the banner asks
// for the link to be followed and offers to send it again. It is the layout's last element, sticky to
// the bottom of the screen: it appears once the session is known, after the page has drawn, and a
// banner above the page would push all of it down (CLS 0.6–0.9 on a phone). On a phone it is one
// short line (about 45 px); "Dismiss" hides it for this tab's session (issue 31).
import { lazy, Suspense, useState } from "react";
import { useAuth } from "./auth-context";
import { dismissVerifyBanner, isVerifyBannerDismissed } from "./verify-banner-dismissal";

// Most visitors never see the banner, so its UI loads only when it is to be shown.
const VerifyEmailBannerView = lazy(() =>
  import("./verify-email-banner-view").then((m) => ({ default: m.VerifyEmailBannerView })),
);

export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  if (user?.emailVerified !== false) return null;
  if (dismissedFor === user.id || isVerifyBannerDismissed(user.id)) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBannerView
        email={user.email}
        onDismiss={() => {
          dismissVerifyBanner(user.id);
          setDismissedFor(user.id);
        }}
      />
    </Suspense>
  );
}

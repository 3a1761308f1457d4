// /sign-in-link?token=…: where the e-mailed sign-in link lands. Once the session check is done it
// spends the token (once, however often React runs the effect), and goes Home signed in; a link that
// expired, was used or is cut short says so, with "Send a new link". The token is spent by this
// page's script, not by opening the URL, so a mail scanner that fetches links does not use it up.
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ACCOUNT_TEXT } from "../../../shared/account";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { useAuth } from "./auth-context";
import { SignInLinkForm } from "./sign-in-link-form";

export function SignInLinkPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { loading, signInWithLink } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | undefined>(token ? undefined : ACCOUNT_TEXT.signInLinkIncomplete);
  const spent = useRef<string | undefined>(undefined);

  useEffect(() => {
    // After the first session check, whose answer would otherwise land after this sign-in's.
    if (loading || !token || spent.current === token) return;
    spent.current = token;
    signInWithLink(token).then(
      () => navigate(PAGE_ROUTES.home, { replace: true }),
      (err: unknown) =>
        setFailure(err instanceof ApiError ? err.serverMessage : "Could not sign you in. Please try again."),
    );
  }, [loading, token, signInWithLink, navigate]);

  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-semibold text-slate-900">Sign in with a link</h1>
      </CardHeader>
      <CardContent className="space-y-6">
        {failure ? (
          <>
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {failure}
            </p>
            <SignInLinkForm title="Send a new link" submitLabel="Send a new link" />
          </>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner label="Signing you in" /> Signing you in…
          </p>
        )}
      </CardContent>
    </Card>
  );
}

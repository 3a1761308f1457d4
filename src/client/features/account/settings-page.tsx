// /settings: profile, password, sessions, Google, a link to the publishing connections, API keys,
// the data download and deleting the account.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plug } from "lucide-react";
import { lazy, useDeferredValue, useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { AccountStatus } from "../../../shared/account";
import { ACCOUNT_TEXT } from "../../../shared/account-text";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { PageSpinner } from "../../components/ui/spinner";
import { toast } from "../../lib/toast";
import { useAuth } from "../auth/auth-context";
import { SignedIn } from "../auth/signed-in";
import { ApiKeysCard } from "./api-keys-card";
import { DataCard, DeleteAccountCard } from "./data-cards";
import { ProfileCard } from "./profile-card";
import { ConnectedAccountsCard, PasswordCard, SessionsCard } from "./security-cards";

// The sign-in forms (react-hook-form and zod) load only for a signed-out visitor, as on Billing.
const AuthForms = lazy(() => import("../auth/sign-in-dialog").then((m) => ({ default: m.AuthForms })));

export const ACCOUNT_KEY = ["/api/account"] as const;

export function SettingsPage() {
  const { user, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const status = useQuery<AccountStatus>({ queryKey: ACCOUNT_KEY, enabled: Boolean(user) });
  // The cards draw in a deferred render: sliced, rather than one long task inside the answer
  // (TanStack Query's updates render at once, unsliced); the spinner stays until then.
  const account = useDeferredValue(status.data);

  // Back from a link in an e-mail (Better Auth's verify-email redirects here).
  useEffect(() => {
    const error = params.get("error");
    const verified = params.get("verified");
    const changed = params.get("email-changed");
    if (!error && !verified && !changed) return;
    if (error) toast.error(ACCOUNT_TEXT.verificationFailed);
    else if (verified) toast.success(ACCOUNT_TEXT.emailVerified);
    else toast.success(ACCOUNT_TEXT.emailChanged);
    setParams({}, { replace: true });
    void refreshUser();
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
  }, [params, setParams, refreshUser, queryClient]);

  const signedOut = (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
      </CardHeader>
      <CardContent>
        <p className="mb-2 text-slate-700">Sign in to see your account settings.</p>
        <AuthForms />
      </CardContent>
    </Card>
  );

  return (
    <SignedIn
      signedOut={signedOut}
      loading={
        <div className="mx-auto max-w-3xl space-y-6">
          <SettingsHeading />
          <PageSpinner />
        </div>
      }
    >
      <div className="mx-auto max-w-3xl space-y-6">
        <SettingsHeading />
        {account ? (
          <>
            <ProfileCard status={account} />
            <PasswordCard status={account} />
            <SessionsCard onSignedOutHere={() => navigate("/")} />
            {account.google.configured && <ConnectedAccountsCard status={account} />}
            <ConnectionsLinkCard />
            <ApiKeysCard />
            <DataCard />
            <DeleteAccountCard
              email={account.email}
              hasPassword={account.hasPassword}
              onDeleted={() => navigate("/")}
            />
          </>
        ) : status.isError ? (
          <p role="alert" className="text-red-800">
            Could not load your account. Please reload the page.
          </p>
        ) : (
          <PageSpinner />
        )}
      </div>
    </SignedIn>
  );
}

/** The page's heading and what it holds: drawn while the session loads too (the page shell). */
function SettingsHeading() {
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
      <p className="text-slate-600">
        Your profile, password and where you are signed in; your publishing connections and API keys; and your data, to
        download or delete.
      </p>
    </div>
  );
}

/** Settings' way to the publishing connections (/settings/connections), which has its own screen. */
function ConnectionsLinkCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Publishing connections</CardTitle>
        <CardDescription>The WordPress and Shopify sites you publish your documents to.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={PAGE_ROUTES.settingsConnections}>
            <Plug aria-hidden="true" /> Manage connections
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

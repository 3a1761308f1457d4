// "Download my data" and "Delete my account".
import { Download, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { ACCOUNT_TEXT } from "../../../shared/account-text";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormAlert } from "../../components/ui/field";
import { Input, Label } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { ApiError, apiPost } from "../../lib/api";
import { toast } from "../../lib/toast";
import { usePending } from "../../lib/use-pending";
import { useAuth } from "../auth/auth-context";

export function DataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          A JSON file with your profile, request history, credit transactions, usage and API keys.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* A plain link: the session cookie authorises it and the browser saves the attachment. */}
        <Button asChild variant="outline">
          <a href="/api/account/export" download>
            <Download aria-hidden="true" /> Download my data
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

export function DeleteAccountCard({
  email,
  hasPassword,
  onDeleted,
}: {
  email: string;
  /** Asks for the password again; an account without one (Google only) needs a recent sign-in instead. */
  hasPassword: boolean;
  onDeleted: () => void;
}) {
  const ids = useId();
  const { forgetSession } = useAuth();
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [pending, run] = usePending();
  const [error, setError] = useState<string>();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const ready = matches && (!hasPassword || password.length > 0);

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-800">Delete my account</CardTitle>
        <CardDescription>{ACCOUNT_TEXT.deleteConfirmHelp}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="max-w-sm space-y-3"
          aria-label="Delete account"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!ready) return;
            setError(undefined);
            await run(
              async () => {
                await apiPost("/api/account/delete", { confirmEmail: typed, ...(hasPassword ? { password } : {}) });
                forgetSession();
                toast.success("Your account has been deleted");
                onDeleted();
              },
              (err) => setError(err instanceof ApiError ? err.serverMessage : "Could not delete the account"),
            );
          }}
        >
          <Label htmlFor={`${ids}-confirm`}>
            Type <strong>{email}</strong> to confirm
          </Label>
          <Input
            id={`${ids}-confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          {hasPassword ? (
            <>
              <Label htmlFor={`${ids}-password`}>Your password</Label>
              <Input
                id={`${ids}-password`}
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            </>
          ) : (
            <p className="text-sm text-slate-700">
              You sign in with Google: if you signed in more than 10 minutes ago, sign in again first.
            </p>
          )}
          <FormAlert message={error} />
          <Button type="submit" variant="destructive" disabled={!ready || pending}>
            {pending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            Delete my account
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

// Password, sessions and Google: how the account is signed in to, and from where.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { useId, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { AccountSession, AccountSessionsResponse, AccountStatus } from "../../../shared/account";
import { ACCOUNT_TEXT } from "../../../shared/account-text";
import { PASSWORD_POLICY, type PasswordPolicy } from "../../../shared/auth-text";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field, FormAlert, formFields, SubmitButton } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../components/ui/table";
import { ApiError, apiFetch, apiPost, apiRequest } from "../../lib/api";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { usePending } from "../../lib/use-pending";
import { keepToken, useAuth } from "../auth/auth-context";
import { NewPasswordFields } from "../auth/new-password-fields";

const SESSIONS_KEY = ["/api/account/sessions"] as const;
const when = (iso: string) => format(new Date(iso), "MMM d, yyyy HH:mm");

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The password form's rules, loaded with its first check rather than with the page: zod and its
 * resolver are 41 kB of gzip the Settings page need not wait for.
 */
function passwordResolver(policy: PasswordPolicy): Resolver<PasswordValues> {
  return async (values, context, options) => {
    const [{ zodResolver }, { changePasswordSchema }] = await Promise.all([
      import("@hookform/resolvers/zod"),
      import("../../../shared/account"),
    ]);
    return (zodResolver(changePasswordSchema(policy)) as unknown as Resolver<PasswordValues>)(values, context, options);
  };
}

export function PasswordCard({ status }: { status: AccountStatus }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const policy = useQuery<PasswordPolicy>({ queryKey: ["/api/auth/password-policy"] }).data ?? PASSWORD_POLICY;
  const [formError, setFormError] = useState<string>();
  const [linkSent, setLinkSent] = useState(false);
  const form = useForm<PasswordValues>({
    resolver: passwordResolver(policy),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(undefined);
    try {
      // The server signs out every other session and answers this one's new token.
      await keepToken(await apiFetch("POST", "/api/auth/change-password", { currentPassword, newPassword }));
      form.reset();
      toast.success(ACCOUNT_TEXT.passwordChanged);
      await refreshQueries(queryClient, { queryKey: SESSIONS_KEY });
    } catch (err) {
      setFormError(err instanceof ApiError ? err.serverMessage : "Could not change the password");
    }
  });

  const fields = formFields(form, ids);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        {status.hasPassword ? (
          <form onSubmit={onSubmit} noValidate className="max-w-sm space-y-4" aria-label="Change password">
            <Field {...fields.field("currentPassword")} label="Current password">
              <Input type="password" autoComplete="current-password" {...fields.control("currentPassword")} />
            </Field>
            <NewPasswordFields fields={fields} />
            <FormAlert message={formError} />
            <SubmitButton pending={isSubmitting}>Change password</SubmitButton>
          </form>
        ) : (
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              Your account has no password: it signs in with Google or a link we e-mail you. To add one, we can e-mail
              you a link to set it.
            </p>
            {linkSent ? (
              <p role="status" className="text-emerald-900">
                {ACCOUNT_TEXT.resetRequested}
              </p>
            ) : (
              <Button
                variant="outline"
                onClick={async () => {
                  try {
                    await apiPost("/api/auth/request-password-reset", { email: status.email });
                    setLinkSent(true);
                  } catch (err) {
                    toast.fromError(err, "Could not send the link");
                  }
                }}
              >
                E-mail me a link
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function SessionsCard({ onSignedOutHere }: { onSignedOutHere: () => void }) {
  const { forgetSession } = useAuth();
  const queryClient = useQueryClient();
  const sessions = useQuery<AccountSessionsResponse>({ queryKey: SESSIONS_KEY });
  const [pending, setPending] = useState<string>();

  const revoke = async (s: AccountSession) => {
    setPending(s.id);
    try {
      await apiRequest("DELETE", `/api/account/sessions/${encodeURIComponent(s.id)}`);
      if (s.current) {
        forgetSession();
        onSignedOutHere();
        return;
      }
      await refreshQueries(queryClient, { queryKey: SESSIONS_KEY });
    } catch (err) {
      toast.fromError(err, "Could not sign that session out");
    } finally {
      setPending(undefined);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you're signed in</CardTitle>
        <CardDescription>Browsers and devices with an open session.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sessions.isLoading ? (
          <Spinner />
        ) : (
          <Table stacked aria-label="Active sessions">
            <TableHeader>
              <TableRow>
                <TableHead>Device</TableHead>
                <TableHead>Address</TableHead>
                <TableHead>Signed in</TableHead>
                <TableHead>Last active</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {(sessions.data?.sessions ?? []).map((s) => (
                <TableRow key={s.id}>
                  <TableCell label="" className="max-sm:!block max-sm:text-left max-sm:font-medium">
                    {s.browser} on {s.os}
                    {s.current && (
                      <Badge variant="success" className="ml-2">
                        This browser
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell label="Address" className="break-all">
                    {s.ipAddress ?? "—"}
                  </TableCell>
                  <TableCell label="Signed in">{when(s.createdAt)}</TableCell>
                  <TableCell label="Last active">{when(s.lastActiveAt)}</TableCell>
                  <TableCell label="" className="text-right max-sm:!block max-sm:text-left">
                    <Button variant="ghost" size="sm" disabled={pending === s.id} onClick={() => revoke(s)}>
                      Sign out<span className="sr-only"> {s.current ? "this browser" : `${s.browser} on ${s.os}`}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Button
          variant="outline"
          onClick={async () => {
            try {
              await apiPost("/api/account/sessions/revoke-all");
            } catch (err) {
              toast.fromError(err, "Could not sign out everywhere");
              return;
            }
            forgetSession();
            toast.success("Signed out everywhere");
            onSignedOutHere();
          }}
        >
          Sign out everywhere
        </Button>
      </CardContent>
    </Card>
  );
}

export function ConnectedAccountsCard({ status }: { status: AccountStatus }) {
  const { linkGoogle } = useAuth();
  const queryClient = useQueryClient();
  const [pending, run] = usePending();
  const refresh = () => refreshQueries(queryClient, { queryKey: ["/api/account"] });
  const connected = Boolean(status.google.accountId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connected accounts</CardTitle>
        <CardDescription>Sign in with Google as well as with your password.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-medium text-slate-900">Google</span>
        <Badge variant={connected ? "success" : "secondary"}>{connected ? "Connected" : "Not connected"}</Badge>
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() =>
            run(
              async () => {
                if (connected) await apiPost("/api/auth/unlink-account", { accountId: status.google.accountId });
                else await linkGoogle();
                toast.success(connected ? "Google disconnected" : "Google connected");
                await refresh();
              },
              (err) =>
                connected
                  ? toast.fromError(err, "Could not disconnect Google")
                  : toast.error("Could not connect Google"),
            )
          }
        >
          {connected ? "Disconnect" : "Connect Google"}
        </Button>
      </CardContent>
    </Card>
  );
}

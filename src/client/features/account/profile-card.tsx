// Username and e-mail address. A new address takes effect once its owner follows the link sent to it.
import { useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, MailWarning } from "lucide-react";
import { useId, useState } from "react";
import type { AccountStatus } from "../../../shared/account";
import { ACCOUNT_TEXT } from "../../../shared/account-text";
import { AUTH_MESSAGES } from "../../../shared/auth-text";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { describedBy, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { ApiError, apiPost } from "../../lib/api";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { useAuth } from "../auth/auth-context";

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.serverMessage : fallback);

export function ProfileCard({ status }: { status: AccountStatus }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const [username, setUsername] = useState(status.username);
  const [usernameError, setUsernameError] = useState<string>();
  const [newEmail, setNewEmail] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [emailSent, setEmailSent] = useState(false);
  const [pending, setPending] = useState<"username" | "email" | "resend">();

  const saveUsername = async (e: React.FormEvent) => {
    e.preventDefault();
    // zod loads with the first save, not with the page (the page draws sooner on a phone).
    const { UsernameSchema } = await import("../../../shared/account");
    const parsed = UsernameSchema.safeParse(username);
    if (!parsed.success) return setUsernameError(parsed.error.issues[0]?.message);
    setUsernameError(undefined);
    setPending("username");
    try {
      await apiPost("/api/auth/update-user", { username: parsed.data });
      await refreshUser();
      await refreshQueries(queryClient, { queryKey: ["/api/account"] });
      toast.success("Username saved");
    } catch (err) {
      setUsernameError(message(err, "Could not save the username"));
    } finally {
      setPending(undefined);
    }
  };

  const changeEmail = async (e: React.FormEvent) => {
    e.preventDefault();
    const address = newEmail.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setEmailError(AUTH_MESSAGES.invalidEmail);
    setEmailError(undefined);
    setPending("email");
    try {
      await apiPost("/api/auth/change-email", { newEmail: address });
      setEmailSent(true);
      setNewEmail("");
    } catch (err) {
      setEmailError(message(err, "Could not send the link"));
    } finally {
      setPending(undefined);
    }
  };

  const resend = async () => {
    setPending("resend");
    try {
      await apiPost("/api/auth/send-verification-email", { email: status.email });
      toast.success(ACCOUNT_TEXT.verificationSent);
    } catch (err) {
      toast.error("Could not send the e-mail", message(err, ""));
    } finally {
      setPending(undefined);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How you appear and where we write to you.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={saveUsername} noValidate aria-label="Username">
          <Field id={`${ids}-username`} label="Username" error={usernameError}>
            <div className="flex gap-2">
              <Input
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoComplete="username"
                {...describedBy(`${ids}-username`, { error: usernameError })}
              />
              <Button
                type="submit"
                variant="outline"
                disabled={pending === "username" || username.trim() === status.username}
              >
                Save
              </Button>
            </div>
          </Field>
        </form>

        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-800">E-mail address</p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900" data-testid="account-email">
            {status.email}
            {status.emailVerified ? (
              <Badge variant="success">
                <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
              </Badge>
            ) : (
              <Badge variant="warning">
                <MailWarning className="size-3.5" aria-hidden="true" /> Not verified
              </Badge>
            )}
          </p>
          {!status.emailVerified && (
            <Button variant="outline" size="sm" onClick={resend} disabled={pending === "resend"}>
              Resend verification e-mail
            </Button>
          )}
          <form onSubmit={changeEmail} noValidate className="space-y-1.5 pt-2" aria-label="Change e-mail address">
            <Field id={`${ids}-email`} label="New e-mail address" error={emailError}>
              <div className="flex gap-2">
                <Input
                  type="email"
                  autoComplete="email"
                  value={newEmail}
                  onChange={(e) => setNewEmail(e.target.value)}
                  {...describedBy(`${ids}-email`, { error: emailError })}
                />
                <Button type="submit" variant="outline" disabled={pending === "email" || !newEmail.trim()}>
                  Send link
                </Button>
              </div>
            </Field>
            {emailSent && (
              <p role="status" className="text-sm text-emerald-900">
                {ACCOUNT_TEXT.emailChangeSent}
              </p>
            )}
          </form>
        </div>
      </CardContent>
    </Card>
  );
}

// /reset-password?token=…: the page the reset e-mail links to. The same password policy as sign-up;
// the link works once, for an hour; afterwards every session has ended and the user signs in anew.
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { ACCOUNT_TEXT, newPasswordSchema } from "../../../shared/account";
import { PASSWORD_POLICY, type PasswordPolicy } from "../../../shared/auth";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { formFields, SubmitButton } from "../../components/ui/field";
import { ApiError, apiPost } from "../../lib/api";
import { useAuth } from "./auth-context";
import { NewPasswordFields } from "./new-password-fields";

interface Values {
  newPassword: string;
  confirmPassword: string;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { openSignIn, user, forgetSession } = useAuth();
  const policy = useQuery<PasswordPolicy>({ queryKey: ["/api/auth/password-policy"] }).data ?? PASSWORD_POLICY;
  const ids = useId();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const form = useForm<Values>({
    resolver: zodResolver(newPasswordSchema(policy)) as never,
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setError(undefined);
    try {
      await apiPost("/api/auth/reset-password", { token, newPassword });
      // Every session of the account has ended, this tab's too if it was signed in.
      if (user) forgetSession();
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : "Could not change the password. Please try again.");
    }
  });

  const fields = formFields(form, ids);

  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-semibold text-slate-900">Choose a new password</h1>
      </CardHeader>
      <CardContent className="space-y-4">
        {!token ? (
          <p role="alert" className="text-sm text-red-800">
            This link is incomplete. Open the link from the e-mail again, or ask for a new one with "Forgot password?".
          </p>
        ) : done ? (
          <>
            <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              {ACCOUNT_TEXT.resetDone}
            </p>
            <Button onClick={() => openSignIn("signin")}>Sign In</Button>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Choose a new password">
            <NewPasswordFields fields={fields} hint={`At least ${policy.minLength} characters.`} />
            {error && (
              <div role="alert" className="space-y-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                <p>{error}</p>
                <Button
                  variant="link"
                  size="sm"
                  type="button"
                  className="h-auto p-0"
                  onClick={() => openSignIn("forgot")}
                >
                  Ask for a new link
                </Button>
              </div>
            )}
            <SubmitButton className="w-full" pending={isSubmitting}>
              Change password
            </SubmitButton>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

// The sign-in dialog (spec §2): Sign In and Sign Up tabs, a Google button, the spec's messages
// under each field; the password rules come from the server's policy.
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { ACCOUNT_TEXT } from "../../../shared/account";
import {
  AUTH_MESSAGES,
  type AuthProvidersResponse,
  PASSWORD_POLICY,
  type PasswordPolicy,
  signInSchema,
  signUpSchema,
} from "../../../shared/auth";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { Field, FormAlert, formFields, SubmitButton } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { usePending } from "../../lib/use-pending";
import { type SignInView, useAuth } from "./auth-context";
import { authErrorText } from "./auth-errors";
import { SignInLinkForm, useAddressRequest } from "./sign-in-link-form";

const POLICY_KEY = ["/api/auth/password-policy"];

export function SignInDialog() {
  const { signInOpen, closeSignIn, signInTab, openSignIn } = useAuth();
  return (
    <Dialog open={signInOpen} onOpenChange={(open) => (open ? openSignIn(signInTab) : closeSignIn())}>
      <DialogContent aria-describedby="signin-desc">
        <DialogTitle>Welcome to Draftsmith</DialogTitle>
        <DialogDescription id="signin-desc">
          Sign in or create an account to write, check and publish drafts.
        </DialogDescription>
        <AuthForms initialTab={signInTab} />
      </DialogContent>
    </Dialog>
  );
}

export function AuthForms({ initialTab = "signin" }: { initialTab?: SignInView }) {
  const [tab, setTab] = useState<SignInView>(initialTab);
  if (tab === "forgot") return <ForgotPasswordForm onBack={() => setTab("signin")} />;
  if (tab === "link")
    return (
      <div className="mt-4 space-y-4">
        <SignInLinkForm title="Sign in with a link" submitLabel="Send sign-in link" />
        <BackToSignIn onBack={() => setTab("signin")} />
      </div>
    );
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as SignInView)} className="mt-4">
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="signin">Sign In</TabsTrigger>
        <TabsTrigger value="signup">Sign Up</TabsTrigger>
      </TabsList>
      <TabsContent value="signin">
        <CredentialsForm mode="signin" />
        <div className="mt-2 flex flex-wrap justify-center gap-x-2">
          <Button variant="link" size="sm" type="button" onClick={() => setTab("forgot")}>
            Forgot password?
          </Button>
          <Button variant="link" size="sm" type="button" onClick={() => setTab("link")}>
            E-mail me a sign-in link
          </Button>
        </div>
      </TabsContent>
      <TabsContent value="signup">
        <CredentialsForm mode="signup" />
      </TabsContent>
      <GoogleButton />
    </Tabs>
  );
}

interface FormValues {
  email: string;
  password: string;
  confirmPassword?: string;
}

function CredentialsForm({ mode }: { mode: "signin" | "signup" }) {
  const { signIn, signUp } = useAuth();
  const queryClient = useQueryClient();
  const policy = useQuery<PasswordPolicy>({ queryKey: POLICY_KEY }).data ?? PASSWORD_POLICY;
  const [formError, setFormError] = useState<string>();
  const ids = useId();
  const form = useForm<FormValues>({
    resolver: zodResolver(mode === "signin" ? signInSchema(policy) : signUpSchema(policy)) as never,
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFormError(undefined);
    try {
      if (mode === "signin") await signIn(email, password);
      else await signUp(email, password);
      form.reset();
    } catch (err) {
      const text = authErrorText(err, mode);
      if (text === AUTH_MESSAGES.weakPassword) await queryClient.invalidateQueries({ queryKey: POLICY_KEY });
      setFormError(text);
    }
  });

  const { field, control } = formFields(form, ids);
  const password = field("password");

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={mode === "signin" ? "Sign in" : "Sign up"}>
      <Field {...field("email")} label="Email">
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...control("email")} />
      </Field>
      <Field
        {...password}
        label="Password"
        hint={mode === "signup" && !password.error ? `At least ${policy.minLength} characters.` : undefined}
      >
        <Input
          type="password"
          autoComplete={mode === "signin" ? "current-password" : "new-password"}
          {...control("password")}
        />
      </Field>
      {mode === "signup" && (
        <Field {...field("confirmPassword")} label="Confirm password">
          <Input type="password" autoComplete="new-password" {...control("confirmPassword")} />
        </Field>
      )}
      <FormAlert message={formError} />
      <SubmitButton className="w-full" pending={isSubmitting}>
        {mode === "signin" ? "Sign In" : "Create Account"}
      </SubmitButton>
    </form>
  );
}

function GoogleButton() {
  const { signInWithGoogle } = useAuth();
  const providers = useQuery<AuthProvidersResponse>({ queryKey: ["/api/auth/providers"] }).data;
  const [error, setError] = useState<string>();
  const [pending, run] = usePending();
  const configured = providers?.google === true;
  return (
    <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
      <Button
        variant="outline"
        className="w-full"
        disabled={!configured || pending}
        onClick={async () => {
          setError(undefined);
          await run(
            async () => {
              await signInWithGoogle();
            },
            () => setError(AUTH_MESSAGES.googleFailed),
          );
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        Continue with Google
      </Button>
      {providers && !configured && (
        <p className="text-center text-xs text-slate-600">{AUTH_MESSAGES.googleNotConfigured}</p>
      )}
      {error && (
        <p role="alert" className="text-center text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** "Forgot password?": one answer whatever the address, so nobody learns who has an account. */
function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { sent, error, isSubmitting, field, control, onSubmit } = useAddressRequest("/api/auth/request-password-reset");
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Reset password">
      <h3 className="text-base font-semibold text-slate-900">Reset your password</h3>
      {sent ? (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {ACCOUNT_TEXT.resetRequested}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">Enter your account's e-mail address and we will send you a link.</p>
          <Field {...field("email")} label="Email">
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...control("email")} />
          </Field>
          <FormAlert message={error} />
          <SubmitButton className="w-full" pending={isSubmitting}>
            Send reset link
          </SubmitButton>
        </>
      )}
      <BackToSignIn onBack={onBack} />
    </form>
  );
}

function BackToSignIn({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="link" size="sm" type="button" className="w-full" onClick={onBack}>
      Back to sign in
    </Button>
  );
}

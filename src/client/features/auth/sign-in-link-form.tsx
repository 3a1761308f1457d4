// "E-mail me a sign-in link": an address in, one answer out whatever the address ("Check your
// inbox…"), so nobody learns who has an account. In the sign-in dialog and on /sign-in-link when a
// link has expired or was used ("Send a new link").
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { ACCOUNT_TEXT } from "../../../shared/account";
import { AUTH_MESSAGES, signInSchema } from "../../../shared/auth";
import { Field, FormAlert, formFields, SubmitButton } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { ApiError, apiPost } from "../../lib/api";

/**
 * A form whose only field is an e-mail address, POSTed as `{ email }` to `path`: `sent` once the
 * server took it (its answer is the same whatever the address), `error` in words when it did not.
 */
export function useAddressRequest(path: string) {
  const ids = useId();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(signInSchema().pick({ email: true })) as never,
    defaultValues: { email: "" },
  });
  const { isSubmitting } = form.formState;
  const { field, control } = formFields(form, ids);
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(undefined);
    try {
      await apiPost(path, { email });
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : AUTH_MESSAGES.signInFailed);
    }
  });
  return { sent, error, isSubmitting, field, control, onSubmit };
}

export function SignInLinkForm({ title, submitLabel }: { title: string; submitLabel: string }) {
  const { sent, error, isSubmitting, field, control, onSubmit } = useAddressRequest("/api/auth/sign-in/magic-link");
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {sent ? (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {ACCOUNT_TEXT.signInLinkSent}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Enter your account's e-mail address and we will send you a link that signs you in, no password needed.
          </p>
          <Field {...field("email")} label="Email">
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...control("email")} />
          </Field>
          <FormAlert message={error} />
          <SubmitButton className="w-full" pending={isSubmitting}>
            {submitLabel}
          </SubmitButton>
        </>
      )}
    </form>
  );
}

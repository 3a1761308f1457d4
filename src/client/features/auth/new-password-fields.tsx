// The new password and its confirmation, as the reset-password page and the settings' password card ask for them.
import { Field, type FormFields } from "../../components/ui/field";
import { Input } from "../../components/ui/input";

export function NewPasswordFields({
  fields: { field, control },
  hint,
}: {
  fields: FormFields<"newPassword" | "confirmPassword">;
  /** Under the new password while it has no error. */
  hint?: string;
}) {
  const newPassword = field("newPassword");
  return (
    <>
      <Field {...newPassword} label="New password" hint={newPassword.error ? undefined : hint}>
        <Input type="password" autoComplete="new-password" {...control("newPassword")} />
      </Field>
      <Field {...field("confirmPassword")} label="Confirm new password">
        <Input type="password" autoComplete="new-password" {...control("confirmPassword")} />
      </Field>
    </>
  );
}

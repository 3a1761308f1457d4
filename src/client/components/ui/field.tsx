// One labelled form control with its hint and its error message under it, wired for screen readers; every
// form of the app draws its fields with it (`formFields` wires a react-hook-form field to it).
import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { cn } from "../../lib/cn";
import { Button, type ButtonProps } from "./button";
import { FieldError, Label } from "./input";
import { Spinner } from "./spinner";

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Shown after the label, e.g. a tooltip trigger. */
  extra?: ReactNode;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** aria props for the control inside a Field. */
export function describedBy(id: string, opts: { error?: string; hint?: string }) {
  const ids = [opts.hint ? hintId(id) : null, opts.error ? errorId(id) : null].filter(Boolean);
  return {
    id,
    "aria-invalid": opts.error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  } as const;
}

export function Field({ id, label, extra, hint, error, className, children }: FieldProps) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-center gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        {extra}
      </div>
      {children}
      {hint && (
        <p id={hintId(id)} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}

/** What `formFields` gives, for the fields named `N` (a piece of a form takes the names it draws). */
export interface FormFields<N extends string> {
  field: (name: N) => { id: string; error?: string };
  control: (
    name: N,
    opts?: { hint?: boolean },
  ) => ReturnType<typeof describedBy> & UseFormRegisterReturn & { defaultValue?: string };
}

/**
 * A react-hook-form's fields drawn with Field, the control of `name` having the id `${prefix}-${name}`:
 * `field(name)` gives Field its id and error, `control(name)` gives the control its id, aria wiring
 * (naming its hint when `hint` is set) and registration. With `drawValues` each control also carries
 * its default value as React's `defaultValue`, so a drawing of the form made without a browser (a page
 * shell, prerender.tsx) shows the values the form opens with; in the browser react-hook-form puts the
 * same values in on mount (the fields are uncontrolled, so the prop changes nothing after that).
 */
export function formFields<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "register" | "getFieldState" | "formState">,
  prefix: string,
  { drawValues = false } = {},
): FormFields<Path<T>> {
  const error = (name: Path<T>) => form.getFieldState(name, form.formState).error?.message;
  const drawn = (name: Path<T>): { defaultValue?: string } => {
    const value: unknown = drawValues ? form.formState.defaultValues?.[name] : undefined;
    return typeof value === "string" ? { defaultValue: value } : {};
  };
  return {
    field: (name: Path<T>) => ({ id: `${prefix}-${name}`, error: error(name) }),
    control: (name: Path<T>, opts: { hint?: boolean } = {}) => ({
      ...describedBy(`${prefix}-${name}`, { error: error(name), hint: opts.hint ? "hint" : undefined }),
      ...drawn(name),
      ...form.register(name),
    }),
  };
}

/** A form's own failure (not one field's), said where the form is. */
export const FormAlert = ({ message }: { message?: string }) =>
  message ? (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;

/** A form's submit button: disabled, with a spinner, while the form is submitting. */
export const SubmitButton = ({ pending, children, ...p }: ButtonProps & { pending: boolean }) => (
  <Button type="submit" disabled={pending} {...p}>
    {pending && <Spinner />}
    {children}
  </Button>
);

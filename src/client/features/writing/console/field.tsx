// One labelled form control with its hint and the spec §5 message under it, wired for screen readers.
import type { ReactNode } from "react";
import { FieldError, Label } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";

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

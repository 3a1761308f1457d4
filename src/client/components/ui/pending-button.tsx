// A Button that swaps its icon for a spinner and its label for `pendingLabel` while its action runs.
import { Loader2, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Button, type ButtonProps } from "./button";

export function PendingButton({
  pending,
  icon: Icon,
  pendingLabel,
  children,
  ...p
}: ButtonProps & { pending: boolean; icon: LucideIcon; pendingLabel: React.ReactNode }) {
  return (
    <Button {...p}>
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}

import { Loader2 } from "lucide-react";
import { cn } from "../../lib/cn";

export const Spinner = ({ className, label = "Loading" }: { className?: string; label?: string }) => (
  <Loader2 className={cn("size-4 animate-spin", className)} role="status" aria-label={label} />
);

/** The spinner of a page (or a panel of one) still loading. */
export const PageSpinner = ({ label }: { label?: string }) => (
  <div className="flex justify-center p-12">
    <Spinner className="size-6" label={label} />
  </div>
);

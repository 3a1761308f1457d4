import { Loader2 } from "lucide-react";
import { cn } from "../../lib/cn";

export const Spinner = ({ className, label = "Loading" }: { className?: string; label?: string }) => (
  <Loader2 className={cn("size-4 animate-spin", className)} role="status" aria-label={label} />
);

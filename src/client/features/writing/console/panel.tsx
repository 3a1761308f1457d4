// The right column's building blocks: a titled card whose heading takes focus when the panel opens
// from a user's action (so keyboard and screen-reader users land on the result), and its status badge.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";

export type PanelStatus = "Pending" | "Writing" | "Ready" | "Analyzing" | "Complete" | "Unavailable";

const VARIANTS = {
  Pending: "outline",
  Writing: "secondary",
  Ready: "default",
  Analyzing: "secondary",
  Complete: "success",
  Unavailable: "warning",
} as const;

export function StatusBadge({ status }: { status: PanelStatus }) {
  const busy = status === "Writing" || status === "Analyzing";
  return (
    <Badge variant={VARIANTS[status]} data-status={status} className="shrink-0">
      {busy && <Spinner className="size-3" label={status} />}
      {status}
    </Badge>
  );
}

interface PanelProps {
  title: string;
  description?: ReactNode;
  status?: PanelStatus;
  /** Changes when the panel's content is new: its heading then takes focus and scrolls into view. */
  focusKey?: string | number | null;
  headerExtra?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

export function Panel({ title, description, status, focusKey, headerExtra, className, testId, children }: PanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const seen = useRef<typeof focusKey>(null);
  const headingId = useId();

  useEffect(() => {
    if (focusKey === undefined || focusKey === null || focusKey === seen.current) return;
    seen.current = focusKey;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [focusKey]);

  return (
    <Card className={cn("scroll-mt-20", className)} data-testid={testId}>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2
              id={headingId}
              ref={heading}
              tabIndex={-1}
              className="text-lg font-semibold leading-tight text-slate-900 focus:outline-none focus-visible:outline-2"
            >
              {title}
            </h2>
            <div className="flex items-center gap-2">
              {headerExtra}
              {status && <StatusBadge status={status} />}
            </div>
          </div>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </section>
    </Card>
  );
}

/** A box for long text inside a panel: on a phone it grows with the text (no small scroll box in a
 * scrolling page); from `sm` up it scrolls, keyboard-scrollable. */
export function TextBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      className={cn(
        "rounded-lg sm:max-h-[32rem] sm:overflow-y-auto border border-slate-200 bg-white p-4 focus-visible:outline-2 focus-visible:outline-brand-600",
        className,
      )}
    >
      {children}
    </section>
  );
}

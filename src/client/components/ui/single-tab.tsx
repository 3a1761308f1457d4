// A tab list with one tab, drawn like components/ui/tabs.tsx (Radix Tabs) with the same roles and
// states, but plain elements: the landing page's single 'Generate' tab (spec §2) needs no switching,
// and Radix's Tabs would be loaded (and hydrated) with the landing page for nothing.
import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";

export function SingleTab({
  label,
  tab,
  className,
  aside,
  children,
}: {
  /** The tab list's accessible name. */
  label: string;
  tab: ReactNode;
  className?: string;
  /** Beside the tab list, outside it (e.g. a link to another screen drawn like a tab). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="tablist"
          aria-label={label}
          aria-orientation="horizontal"
          className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
        >
          <button
            type="button"
            role="tab"
            id={`${id}-tab`}
            aria-selected="true"
            aria-controls={`${id}-panel`}
            data-state="active"
            className="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-900 shadow-sm"
          >
            {tab}
          </button>
        </div>
        {aside}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab`} className={cn("mt-4", className)}>
        {children}
      </div>
    </div>
  );
}

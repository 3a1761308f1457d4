// A plain, accessible data table in the shadcn style: real <table> semantics (so assistive tech and
// role-based selectors see table/row/columnheader/cell). On narrow screens a table either becomes
// stacked cards (`stacked`: each cell shows its column's name, see styles.css) or scrolls sideways
// in a region that is labelled, focusable (so the keyboard can scroll it) and says it scrolls.

import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";

/** Whether the element is wider inside than it is shown (so it scrolls sideways), kept current. */
function useOverflowsX<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

export const Table = ({
  className,
  containerClassName,
  stacked = false,
  ...p
}: React.TableHTMLAttributes<HTMLTableElement> & { containerClassName?: string; stacked?: boolean }) => {
  const [ref, overflows] = useOverflowsX<HTMLDivElement>();
  const label = p["aria-label"] ?? "Table";
  return (
    <div className={cn(stacked && "table-stacked", containerClassName)}>
      <div
        ref={ref}
        className="relative w-full overflow-x-auto"
        {...(overflows ? { role: "region", tabIndex: 0, "aria-label": `${label}, scrolls sideways` } : {})}
      >
        <table className={cn("w-full text-left text-sm", className)} {...p} />
      </div>
      {overflows && (
        <p className="border-t border-slate-100 px-4 py-1.5 text-xs text-slate-600" aria-hidden="true">
          Scroll sideways for more columns →
        </p>
      )}
    </div>
  );
};
export const TableCaption = ({ className, ...p }: React.HTMLAttributes<HTMLTableCaptionElement>) => (
  <caption className={cn("mt-3 text-sm text-slate-600", className)} {...p} />
);
export const TableHeader = ({ className, ...p }: React.HTMLAttributes<HTMLTableSectionElement>) => (
  <thead className={cn("border-b border-slate-200 bg-slate-50 text-slate-700", className)} {...p} />
);
export const TableBody = (p: React.HTMLAttributes<HTMLTableSectionElement>) => <tbody {...p} />;
export const TableRow = ({ className, ...p }: React.HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn("border-b border-slate-100 last:border-0", className)} {...p} />
);
/** A column header; `scope="col"` unless told otherwise. */
export const TableHead = ({ className, scope = "col", ...p }: React.ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope={scope} className={cn("px-4 py-2 font-medium", className)} {...p} />
);
/** The header of a row-actions column: named for screen readers only. */
export const TableActionsHead = () => (
  <TableHead>
    <span className="sr-only">Actions</span>
  </TableHead>
);
/** A cell; `label` names its column on stacked phone cards (leave it "" for a cell that needs none). */
export const TableCell = ({
  className,
  label,
  ...p
}: React.TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) => (
  <td data-label={label} className={cn("px-4 py-2", className)} {...p} />
);

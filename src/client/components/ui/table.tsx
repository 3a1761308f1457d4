// A plain, accessible data table in the shadcn style: real <table> semantics (so assistive tech and
// role-based selectors see table/row/columnheader/cell) inside a wrapper that scrolls sideways on
// narrow screens instead of squeezing the columns.
import type * as React from "react";
import { cn } from "../../lib/cn";

export const Table = ({
  className,
  containerClassName,
  ...p
}: React.TableHTMLAttributes<HTMLTableElement> & { containerClassName?: string }) => (
  <div className={cn("relative w-full overflow-x-auto", containerClassName)}>
    <table className={cn("w-full text-left text-sm", className)} {...p} />
  </div>
);
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
export const TableCell = ({ className, ...p }: React.TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn("px-4 py-2", className)} {...p} />
);

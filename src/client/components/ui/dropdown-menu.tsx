import { DropdownMenu as M } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuContent = ({ className, ...p }: React.ComponentProps<typeof M.Content>) => (
  <M.Portal>
    <M.Content
      sideOffset={6}
      align="end"
      className={cn("z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg", className)}
      {...p}
    />
  </M.Portal>
);
export const DropdownMenuItem = ({ className, ...p }: React.ComponentProps<typeof M.Item>) => (
  <M.Item
    className={cn(
      "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100",
      className,
    )}
    {...p}
  />
);
export const DropdownMenuLabel = ({ className, ...p }: React.ComponentProps<typeof M.Label>) => (
  <M.Label className={cn("px-2 py-1.5 text-xs text-slate-600", className)} {...p} />
);
export const DropdownMenuSeparator = () => <M.Separator className="my-1 h-px bg-slate-200" />;

import { Tabs as T } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const Tabs = T.Root;
export const TabsList = ({ className, ...p }: React.ComponentProps<typeof T.List>) => (
  <T.List className={cn("inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1", className)} {...p} />
);
export const TabsTrigger = ({ className, ...p }: React.ComponentProps<typeof T.Trigger>) => (
  <T.Trigger
    className={cn(
      "rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm",
      className,
    )}
    {...p}
  />
);
export const TabsContent = ({ className, ...p }: React.ComponentProps<typeof T.Content>) => (
  <T.Content className={cn("mt-4", className)} {...p} />
);

import { ChevronDown } from "lucide-react";
import { Accordion as A } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const Accordion = A.Root;
export const AccordionItem = ({ className, ...p }: React.ComponentProps<typeof A.Item>) => (
  <A.Item className={cn("border-b border-slate-200", className)} {...p} />
);
export function AccordionTrigger({ className, children, ...p }: React.ComponentProps<typeof A.Trigger>) {
  return (
    <A.Header className="flex">
      <A.Trigger
        className={cn(
          "flex flex-1 items-center justify-between gap-2 py-3 text-left text-sm font-medium hover:underline [&[data-state=open]>svg]:rotate-180",
          className,
        )}
        {...p}
      >
        {children}
        <ChevronDown className="size-4 shrink-0 transition-transform" />
      </A.Trigger>
    </A.Header>
  );
}
export const AccordionContent = ({ className, ...p }: React.ComponentProps<typeof A.Content>) => (
  <A.Content className={cn("pb-4 text-sm", className)} {...p} />
);

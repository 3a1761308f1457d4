import { Tooltip as T } from "radix-ui";
import { type ReactNode, useEffect, useRef } from "react";

/** The radix tooltip behind `Tooltip` (tooltip.tsx), loaded on the first hover or focus and then opened. */
export function RadixTooltip({
  content,
  children,
  refocus,
}: {
  content: ReactNode;
  children: ReactNode;
  refocus: boolean;
}) {
  const trigger = useRef<HTMLElement>(null);
  // The trigger is a new element once this has loaded: keyboard focus moves to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (refocus) trigger.current?.focus();
  }, []);
  return (
    <T.Provider delayDuration={200}>
      <T.Root defaultOpen>
        <T.Trigger asChild ref={trigger as React.Ref<HTMLButtonElement>}>
          {children}
        </T.Trigger>
        <T.Portal>
          <T.Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
          >
            {content}
            <T.Arrow className="fill-slate-900" />
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  );
}

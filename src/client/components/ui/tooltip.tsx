import { lazy, type ReactNode, Suspense, useRef, useState } from "react";

// Radix's tooltip and floating-ui load on the first hover or focus of a trigger, not with the page
// (the landing page has one). Until then the trigger is drawn as it is: nothing moves.
const RadixTooltip = lazy(() => import("./tooltip-radix").then((m) => ({ default: m.RadixTooltip })));

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [armed, setArmed] = useState<{ focused: boolean } | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  if (armed)
    return (
      <Suspense fallback={children}>
        <RadixTooltip content={content} refocus={armed.focused}>
          {children}
        </RadixTooltip>
      </Suspense>
    );
  const arm = () => setArmed({ focused: Boolean(wrapper.current?.contains(document.activeElement)) });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens for its interactive child's hover and focus, to load the tooltip
    <span ref={wrapper} className="contents" onPointerOver={arm} onFocus={arm}>
      {children}
    </span>
  );
}

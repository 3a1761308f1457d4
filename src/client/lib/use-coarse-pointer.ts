// Whether the main pointer is a finger (CSS "pointer: coarse"): texts that say "hover" say "tap" then.
import { useSyncExternalStore } from "react";

const QUERY = "(pointer: coarse)";

function subscribe(onChange: () => void) {
  const list = typeof window !== "undefined" ? window.matchMedia?.(QUERY) : undefined;
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

const snapshot = () => (typeof window !== "undefined" && window.matchMedia?.(QUERY).matches) || false;

export function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

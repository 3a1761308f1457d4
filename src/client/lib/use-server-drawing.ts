// Whether this render is the server's drawing of the page (prerender.tsx, renderToString) rather than
// the browser's: React reads the server snapshot there and the client snapshot here. For pages that are
// never hydrated (page shells are drawn over, not hydrated), so the two need not agree.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useServerDrawing(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}

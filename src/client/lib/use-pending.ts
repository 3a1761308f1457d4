import { useCallback, useState } from "react";

/**
 * `[pending, run]`: `run(work, onError)` marks the action pending while `work` runs and hands a
 * failure to `onError` (the button's disabled state and the toast or message are the caller's).
 */
export function usePending() {
  const [pending, setPending] = useState(false);
  const run = useCallback(async (work: () => Promise<void>, onError: (err: unknown) => void) => {
    setPending(true);
    try {
      await work();
    } catch (err) {
      onError(err);
    } finally {
      setPending(false);
    }
  }, []);
  return [pending, run] as const;
}

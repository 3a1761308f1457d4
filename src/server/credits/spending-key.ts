// The API key a request spends through, for the usage rows the ledger writes (issue 28). Set by
// http/middleware.ts `requireCaller` around a key-authenticated handler (streams included: they run
// inside it); the ledger reads it when it appends a usage row. Nothing else is passed through it.
import { AsyncLocalStorage } from "node:async_hooks";

const spending = new AsyncLocalStorage<string>();

/** Runs `work` with usage rows written inside it attributed to the key `apiKeyId`. */
export const spendThroughKey = <T>(apiKeyId: string, work: () => T): T => spending.run(apiKeyId, work);

/** The key the current request spends through, or null (the signed-in app). */
export const spendingKeyId = (): string | null => spending.getStore() ?? null;

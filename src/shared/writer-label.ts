// No zod here: Billing's usage tab and the request history name the writer without loading the writing
// schemas (shared/writing.ts re-exports these).
/** The offline writer's model id, as requests and history carry it. */
export const OFFLINE_MODEL = "offline-writer";
/** How the offline writer is named wherever a writer or provider is shown (history, usage, versions). */
export const OFFLINE_WRITER_LABEL = "Offline sample writer";

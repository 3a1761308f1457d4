// No zod here: Billing's usage tab names the writer without loading the writing schemas.
/** How the offline writer is named wherever a writer or provider is shown (history, usage, versions). */
export const OFFLINE_WRITER_LABEL = "Offline sample writer";

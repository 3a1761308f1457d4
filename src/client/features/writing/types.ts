import type { AiProvider, Writer } from "../../../shared/writing";

/** A finished piece of writing as the screens keep it: the text and who wrote it. */
export interface DraftResult {
  draft: string;
  writer?: Writer;
  model?: string;
  aiProvider?: AiProvider;
  requestId?: string;
  creditsUsed?: number;
  responseTime?: number;
  /** Where the server saved it: the document and this version (docs/api.md "Documents"). */
  documentId?: string;
  versionId?: string;
}

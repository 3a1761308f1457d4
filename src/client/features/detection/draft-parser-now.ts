// Imported for its effect by the screens that open on a draft (Results, a document's page): the parser
// loads with the screen's own code, so its first drawing of the draft waits for nothing more.
import { parseDraft } from "./draft-parser";
import { provideDraftParser } from "./use-draft-parser";

provideDraftParser(parseDraft);

// The Markdown parser of drafts: micromark and mdast with GFM, about 25 kB gzip. Screens that open on a
// draft (Results, a document's page) load it with their code (draft-parser-now.ts); the others, which show
// a draft only after the user has asked for one, load it after their first render (use-draft-parser.ts).
import type { Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";

const extensions = [gfm()];
const mdastExtensions = [gfmFromMarkdown()];

/**
 * The markdown tree of a draft (GFM), with source offsets on every node. The same tree as remark-parse
 * with remark-gfm, from the libraries those two wrap, without unified's pipeline (12 kB less gzip).
 */
export function parseDraft(text: string): Root {
  return fromMarkdown(text, { extensions, mdastExtensions });
}

// Check my text (issue 31, item 12): an uploaded file's text as Markdown, read in the browser.
// .txt and .md as they are; .html and .docx through turndown (and mammoth for .docx), each loaded
// only when such a file is chosen. Nothing is uploaded until the writer presses Check.

/** The files the screen reads, by extension. */
export const UPLOAD_EXTENSIONS = [".txt", ".md", ".markdown", ".docx", ".html", ".htm"] as const;
/** Larger files are refused before they are read (a 50,000-character text is far smaller). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.join(",");

export type UploadKind = "text" | "html" | "docx";

export class UploadError extends Error {}

/** What a file is, by its name: text, HTML or Word, or null for anything else. */
export function uploadKind(name: string): UploadKind | null {
  const ext = /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? "";
  if (ext === ".txt" || ext === ".md" || ext === ".markdown") return "text";
  if (ext === ".html" || ext === ".htm") return "html";
  if (ext === ".docx") return "docx";
  return null;
}

/** A title from a file name: "q3-pricing_notes.docx" → "q3 pricing notes". */
export function titleFromFileName(name: string): string {
  return name
    .replace(/\.[^.]+$/, "")
    .replace(/[-_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** HTML → Markdown: scripts, styles and forms dropped; headings, lists, links and emphasis kept. */
export async function htmlToMarkdown(html: string): Promise<string> {
  const { default: TurndownService } = await import("turndown");
  const turndown = new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced" });
  turndown.remove(["script", "style", "noscript", "iframe", "form", "head", "title", "meta", "link"]);
  return tidy(turndown.turndown(html));
}

/** Blank-line runs folded and the ends trimmed. */
const tidy = (markdown: string) => markdown.replace(/\n{3,}/g, "\n\n").trim();

/** Reads a chosen file as Markdown; throws UploadError with the words to show. */
export async function readUpload(file: File): Promise<string> {
  const kind = uploadKind(file.name);
  if (!kind) throw new UploadError("Upload a .txt, .md, .docx or .html file.");
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadError("This file is larger than 5 MB. Upload a smaller one.");
  let text: string;
  try {
    if (kind === "text") text = tidy((await file.text()).replace(/\r\n?/g, "\n"));
    else if (kind === "html") text = await htmlToMarkdown(await file.text());
    else {
      const { default: mammoth } = await import("mammoth");
      const bytes = await file.arrayBuffer();
      // The browser build reads `arrayBuffer`, Node's (unit tests) `buffer`: JSZip takes an ArrayBuffer for both.
      const input = { arrayBuffer: bytes, buffer: bytes } as unknown as { arrayBuffer: ArrayBuffer };
      const { value } = await mammoth.convertToHtml(input);
      text = await htmlToMarkdown(value);
    }
  } catch {
    throw new UploadError(
      kind === "docx"
        ? "This .docx file could not be read. Save it again from Word, or paste its text."
        : "This file could not be read. Paste its text instead.",
    );
  }
  if (!text.trim()) throw new UploadError("This file has no text to check.");
  return text;
}

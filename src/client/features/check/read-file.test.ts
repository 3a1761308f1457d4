import { describe, expect, it } from "vitest";
import { checkProblem } from "./check-page";
import { htmlToMarkdown, readUpload, titleFromFileName, UPLOAD_MAX_BYTES, UploadError, uploadKind } from "./read-file";
import { makeDocx } from "./testing/docx";

const file = (parts: BlobPart[], name: string) => new File(parts, name);

describe("uploads for Check my text", () => {
  it("knows the four kinds by extension, whatever their case, and nothing else", () => {
    expect(["a.txt", "b.MD", "c.markdown", "d.html", "e.HTM", "f.docx"].map(uploadKind)).toEqual([
      "text",
      "text",
      "text",
      "html",
      "html",
      "docx",
    ]);
    expect(uploadKind("report.pdf")).toBeNull();
    expect(uploadKind("noextension")).toBeNull();
  });

  it("makes a title from a file name", () => {
    expect(titleFromFileName("q3-pricing_notes.docx")).toBe("q3 pricing notes");
  });

  it("reads text and Markdown as they are, with Windows line ends folded", async () => {
    expect(await readUpload(file(["# Title\r\n\r\nOne line.\r\n\r\n\r\n\r\nTwo."], "a.md"))).toBe(
      "# Title\n\nOne line.\n\nTwo.",
    );
  });

  it("turns HTML into Markdown, dropping scripts and styles", async () => {
    const md = await htmlToMarkdown(
      "<html><head><title>x</title><style>p{}</style></head><body><h1>Kilns</h1><script>alert(1)</script><p>Fire <strong>slowly</strong>.</p><ul><li>One</li><li>Two</li></ul></body></html>",
    );
    expect(md).toBe("# Kilns\n\nFire **slowly**.\n\n-   One\n-   Two");
    expect(md).not.toContain("alert");
  });

  it("reads a Word document's heading and paragraphs", async () => {
    const docx = makeDocx({ heading: "Glaze notes", paragraphs: ["First paragraph.", "Second & last."] });
    expect(await readUpload(file([docx as BlobPart], "notes.docx"))).toBe(
      "# Glaze notes\n\nFirst paragraph.\n\nSecond & last.",
    );
  });

  it("refuses other kinds, files too large, unreadable Word files and empty files with words to show", async () => {
    await expect(readUpload(file(["x"], "a.pdf"))).rejects.toThrow("Upload a .txt, .md, .docx or .html file.");
    await expect(readUpload(file([new Uint8Array(UPLOAD_MAX_BYTES + 1)], "big.txt"))).rejects.toThrow(
      "larger than 5 MB",
    );
    await expect(readUpload(file(["not a zip"], "broken.docx"))).rejects.toThrow("could not be read");
    await expect(readUpload(file(["  \n "], "empty.txt"))).rejects.toBeInstanceOf(UploadError);
  });

  it("asks for text, and for at most the detector's limit", () => {
    expect(checkProblem(" ")).toBe("Paste your text or upload a file first.");
    expect(checkProblem("a".repeat(50_001))).toContain("50,000 characters at most");
    expect(checkProblem("Fine.")).toBeNull();
  });
});

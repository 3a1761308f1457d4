// The drawings the server sends in a document's page and in Results reopened on it (issue 30):
// the app's own components, with the owner's text escaped and drafts drawn by its Markdown
// components, never as raw HTML; inert like every page shell.
import { describe, expect, it } from "vitest";
import type { DocumentDetail } from "../shared/documents";
import { renderDocumentPage, renderResultsPage } from "./prerender";

const AT = "2026-12-01T10:00:00.000Z";
const doc: DocumentDetail = {
  id: "7d1e2f3a-4b5c-4d6e-9f70-8192a3b4c5d6",
  title: 'Sourdough <script>alert("title")</script> notes',
  brief: "How small bakeries keep a starter alive",
  createdAt: AT,
  updatedAt: AT,
  versions: [
    {
      id: "v1",
      kind: "own",
      format: "markdown",
      content:
        '# Keeping a starter\n\nFeed it **twice a day** and keep it warm.\n\n- flour\n- water\n\n<script>alert("body")</script>\n\n<img src=x onerror="alert(1)">',
      model: null,
      writer: null,
      creditsUsed: 0,
      requestId: "r1",
      partial: false,
      createdAt: AT,
    },
  ],
};

const SHELL = '<div class="contents" inert="" data-page-shell="">';

describe("pages drawn for a document's owner", () => {
  it("draws a document's page: its title escaped, its draft as the app draws Markdown, no raw HTML", async () => {
    const html = await renderDocumentPage(doc);
    expect(html).toContain(SHELL);
    expect(html).toContain("Sourdough &lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; notes");
    expect(html).toContain("How small bakeries keep a starter alive");
    expect(html).toContain("<h1>Keeping a starter</h1>");
    expect(html).toContain("<strong>twice a day</strong>");
    expect(html).toMatch(/<li>flour<\/li>/);
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).toContain("Continue in the full app");
  });

  it("draws Results reopened on the document, its draft in it", async () => {
    const html = await renderResultsPage(doc);
    expect(html).toContain(SHELL);
    expect(html).toContain("<strong>twice a day</strong>");
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toContain("Opening your draft");
  });
});

import { toHtml } from "hast-util-to-html";
import { describe, expect, it } from "vitest";
import { markdownToHast } from "./markdown";

describe("markdownToHast", () => {
  it("renders headings, lists and tables", () => {
    const html = toHtml(markdownToHast("# Title\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |"));
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<table>");
  });

  it("drops raw HTML, scripts, handlers and javascript: links from model output", () => {
    const html = toHtml(
      markdownToHast(
        'Hi <script>alert(1)</script> <img src=x onerror="alert(1)"> [x](javascript:alert(1)) ![i](data:image/png;base64,AA)',
      ),
    );
    expect(html).not.toMatch(/<script|onerror|javascript:|<img src="x"/i);
  });
});

// Markdown drafts as React elements: remark (with GFM) → rehype → rehype-sanitize (GitHub's schema:
// no scripts, no event handlers, no javascript: URLs, no raw HTML), then each hast node becomes a
// React element. No innerHTML anywhere, so model output can never run as code here.
import type { Element as HastElement, Root as HastRoot, RootContent } from "hast";
import { createElement, type ReactNode, useMemo } from "react";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { cn } from "../../lib/cn";

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize);

/** The sanitised hast tree of a markdown text. */
export function markdownToHast(markdown: string): HastRoot {
  return processor.runSync(processor.parse(markdown)) as HastRoot;
}

const VOID = new Set(["br", "hr", "img", "input"]);

function props(node: HastElement, key: string): Record<string, unknown> {
  const p = node.properties ?? {};
  const out: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(p)) {
    if (value === null || value === undefined || value === false) continue;
    switch (name) {
      case "className":
        out.className = Array.isArray(value) ? value.join(" ") : String(value);
        break;
      case "href":
      case "src":
      case "alt":
      case "title":
      case "id":
      case "start":
      case "type":
        out[name] = value;
        break;
      case "align":
        out.style = { textAlign: String(value) };
        break;
      case "checked":
        out.checked = Boolean(value);
        out.readOnly = true;
        break;
      case "disabled":
        out.disabled = true;
        break;
      default:
        // aria-* and data-* keep their hast camelCase names out of the DOM: drop them.
        break;
    }
  }
  if (node.tagName === "a" && typeof out.href === "string" && /^https?:/i.test(out.href)) {
    out.rel = "noopener noreferrer nofollow";
    out.target = "_blank";
  }
  if (node.tagName === "img") {
    out.loading = "lazy";
    if (typeof out.alt !== "string") out.alt = "";
  }
  if (node.tagName === "input") out["aria-label"] = out.checked ? "Done" : "Not done";
  return out;
}

function toReact(node: RootContent, key: string): ReactNode {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return null;
  const children = VOID.has(node.tagName) ? undefined : node.children.map((c, i) => toReact(c, `${key}.${i}`));
  return createElement(node.tagName, props(node, key), children);
}

/** Renders hast children as React nodes. */
export function hastToReact(root: HastRoot): ReactNode[] {
  return root.children.map((c, i) => toReact(c, String(i)));
}

/** A markdown draft, rendered safely in the product's long-text style. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const nodes = useMemo(() => hastToReact(markdownToHast(text)), [text]);
  return <div className={cn("prose-draft", className)}>{nodes}</div>;
}

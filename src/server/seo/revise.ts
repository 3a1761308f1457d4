// SEO revision of a markdown draft. The offline path is deterministic rules (no model); the prompt
// used when a real model does the revision is exported beside it.

import { toString as mdToString } from "mdast-util-to-string";
import type { SeoPlatform } from "../../shared/seo";
import { blockSentences, capitalize, countWords } from "../../shared/text";
import { assertMarkdownShape } from "./markdown-budget";
import { inferKeyphrase } from "./meta";
import { containsKeyphrase, parseMarkdown } from "./text";

export const MAX_PARAGRAPH_WORDS = 150;

const GENERIC_HEADINGS: [RegExp, (kp: string) => string][] = [
  [/^(?:introduction|intro)$/i, (kp) => `What to know about ${kp}`],
  [/^(?:overview|at a glance)$/i, (kp) => `${capitalize(kp)} at a glance`],
  [/^(?:conclusions?|summary|final thoughts|wrapping up|wrap-up|closing thoughts)$/i, (kp) => `Key takeaways on ${kp}`],
  [/^background$/i, (kp) => `Background on ${kp}`],
];

interface Block {
  lines: string[];
  kind: "heading" | "paragraph" | "other" | "code";
  depth?: number;
  text?: string;
}

/** An ATX heading line ("## Title ##"), parsed without a backtracking regex (lines can be long). */
function atxHeading(line: string): { depth: number; text: string } | null {
  const open = /^ {0,3}(#{1,6})[ \t]/.exec(line);
  if (!open) return null;
  const isBlank = (ch: string | undefined) => ch === " " || ch === "\t";
  let start = open[0].length;
  while (isBlank(line[start])) start++;
  let end = line.length;
  while (end > start && isBlank(line[end - 1])) end--;
  // A closing sequence of #s counts only after white space.
  let closing = end;
  while (closing > start && line[closing - 1] === "#") closing--;
  if (closing < end && closing > start && isBlank(line[closing - 1])) {
    end = closing;
    while (end > start && isBlank(line[end - 1])) end--;
  }
  return { depth: open[1].length, text: line.slice(start, end) };
}
const NON_PARAGRAPH_START =
  /^(?: {4}|\t| {0,3}(?:[-*+][ \t]|\d{1,9}[.)][ \t]|>|\||<|```|~~~|(?:[-*_][ \t]*){3,}$|\[[^\]]+\]:))/;

function toBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let cur: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    // Leading heading lines are blocks of their own (a loop: thousands of them in a row are possible).
    let at = 0;
    for (let heading = atxHeading(cur[at] ?? ""); heading && at < cur.length; heading = atxHeading(cur[at] ?? "")) {
      blocks.push({ lines: [cur[at]], kind: "heading", depth: heading.depth, text: heading.text });
      at++;
    }
    const rest = at === 0 ? cur : cur.slice(at);
    cur = [];
    if (rest.length === 0) return;
    // setext headings and anything not plain prose stay as they are
    const setext = rest.length === 2 && /^ {0,3}(?:=+|-+)[ \t]*$/.test(rest[1]);
    const kind = !setext && !NON_PARAGRAPH_START.test(rest[0]) ? "paragraph" : "other";
    blocks.push({ lines: rest, kind });
  };
  for (const line of lines) {
    if (fence) {
      cur.push(line);
      if (line.trim().startsWith(fence)) {
        blocks.push({ lines: cur, kind: "code" });
        cur = [];
        fence = null;
      }
      continue;
    }
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open) {
      flush();
      fence = open[1];
      cur = [line];
      continue;
    }
    if (line.trim() === "") flush();
    else cur.push(line);
  }
  if (fence && cur.length > 0) blocks.push({ lines: cur, kind: "code" });
  else flush();
  return blocks;
}

/** Split a paragraph over `max` words at sentence boundaries, as evenly as possible. */
export function splitParagraph(text: string, max = MAX_PARAGRAPH_WORDS): string[] {
  if (countWords(text) <= max) return [text];
  const ss = blockSentences(text);
  if (ss.length < 2) return [text];
  const total = countWords(text);
  let acc = 0;
  let best = 1;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ss.length - 1; i++) {
    acc += countWords(ss[i]);
    const diff = Math.abs(total / 2 - acc);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = i + 1;
    }
  }
  return [...splitParagraph(ss.slice(0, best).join(" "), max), ...splitParagraph(ss.slice(best).join(" "), max)];
}

function plainText(markdown: string): string {
  return mdToString(parseMarkdown(markdown));
}

export function reviseForSeo(input: { markdown: string; title?: string; keyphrase?: string }): {
  revisedText: string;
  keyphrase: string;
} {
  assertMarkdownShape(input.markdown);
  const blocks = toBlocks(input.markdown);
  const h1 = blocks.find((b) => b.kind === "heading" && b.depth === 1);
  const firstHeading = blocks.find((b) => b.kind === "heading");
  const draftTitle = input.title?.trim() || h1?.text || firstHeading?.text || "";
  const keyphrase = (input.keyphrase?.trim() || inferKeyphrase(draftTitle, plainText(input.markdown))).toLowerCase();
  const kp = keyphrase;

  if (kp) {
    // Title (H1)
    let title = input.title?.trim() || h1?.text || "";
    if (title && !containsKeyphrase(title, kp)) title = `${capitalize(kp)}: ${title}`;
    if (h1) {
      h1.text = title || h1.text;
      h1.lines = [`# ${h1.text}`];
    } else if (title) {
      blocks.unshift({ lines: [`# ${title}`], kind: "heading", depth: 1, text: title });
    } else {
      blocks.unshift({ lines: [`# ${capitalize(kp)}`], kind: "heading", depth: 1, text: capitalize(kp) });
    }

    // Generic subheadings become descriptive ones.
    for (const b of blocks) {
      if (b.kind !== "heading" || b.depth === 1 || !b.text) continue;
      const bare = b.text.replace(/[:.]$/, "").trim();
      for (const [re, make] of GENERIC_HEADINGS) {
        if (re.test(bare)) {
          b.text = make(kp);
          b.lines = [`${"#".repeat(b.depth ?? 2)} ${b.text}`];
          break;
        }
      }
    }

    // The keyphrase in at least 30 % of the H2/H3 subheadings (Yoast's lower bound; at least one):
    // the H2s without it get it as a prefix, spread evenly, until enough carry it.
    const subs = blocks.filter((b) => b.kind === "heading" && (b.depth === 2 || b.depth === 3));
    const need = Math.ceil(subs.length * 0.3) - subs.filter((b) => containsKeyphrase(b.text ?? "", kp)).length;
    const bare = subs.filter((b) => b.depth === 2 && !containsKeyphrase(b.text ?? "", kp));
    for (let i = 0; i < Math.min(need, bare.length); i++) {
      const h2 = bare[Math.floor((i * bare.length) / Math.max(need, 1))];
      if (!h2) continue;
      h2.text = `${capitalize(kp)}: ${h2.text}`;
      h2.lines = [`## ${h2.text}`];
    }

    // The first paragraph mentions the keyphrase.
    const firstPara = blocks.find((b) => b.kind === "paragraph");
    const sentence = `This guide is about ${kp}.`;
    if (firstPara) {
      const text = firstPara.lines.join(" ");
      if (!containsKeyphrase(text, kp)) firstPara.lines = [`${sentence} ${text.trim()}`];
    } else {
      const at = blocks.findIndex((b) => b.kind === "heading" && b.depth === 1);
      blocks.splice(at + 1, 0, { lines: [sentence], kind: "paragraph" });
    }
  }

  // Over-long paragraphs are split at sentence boundaries.
  const out: string[] = [];
  for (const b of blocks) {
    if (b.kind === "paragraph" && countWords(b.lines.join(" ")) > MAX_PARAGRAPH_WORDS) {
      for (const p of splitParagraph(b.lines.map((l) => l.trim()).join(" "))) out.push(p);
    } else {
      out.push(b.lines.join("\n"));
    }
  }
  return { revisedText: `${out.join("\n\n")}\n`, keyphrase: kp };
}

export const SEO_REVISE_SYSTEM_PROMPT = `You are an SEO editor revising a blog draft written in Markdown.

Rules:
- Never change facts, figures, names, quotes, prices, dates or links. Do not add claims, statistics or sources that are not in the draft.
- Keep the author's voice, the order of the sections and every list, table, code block and link.
- The focus keyphrase must open the title (the single H1 on the first line), appear in the first paragraph, in 30–75% of the H2 and H3 subheadings and naturally throughout the text, for a density between 0.5% and 3%. Never stuff it.
- Replace generic headings such as "Introduction", "Overview" or "Conclusion" with descriptive ones.
- Use one heading hierarchy: one H1 title, then H2 sections and H3 subsections, no skipped levels. Keep a subheading at least every 300 words.
- Keep paragraphs under 150 words and most sentences under 20 words. Prefer the active voice and use transition words ("because", "however", "for example") where they help.
- Do not start three sentences in a row with the same word.
- Output only the revised Markdown: no preamble, no explanations, no code fences around it, no HTML.`;

export function buildSeoRevisePrompt(input: { markdown: string; keyphrase: string; platform: SeoPlatform }): string {
  const target = input.platform === "wordpress" ? "a WordPress blog post" : "a Shopify blog article";
  return [
    `Revise the draft below for search engines. It will be published as ${target}.`,
    `Focus keyphrase: "${input.keyphrase}"`,
    "",
    "Draft (between the markers):",
    "<<<DRAFT",
    input.markdown.trim(),
    "DRAFT>>>",
  ].join("\n");
}

// Reads a one-sentence brief ("Blog post for owners of coffee shops on how to build a loyalty
// program, with the costs, the tools and the mistakes to avoid") into what the offline writer needs:
// a title, the topic as a phrase that reads after "about", the audience, the purpose, the kind of
// post and the things the brief asks to cover. Whatever it can't read stays in the topic.

import { blockSentences, capitalize, countWords } from "../../../shared/text";
import { parseWordCount } from "../../../shared/writing";
import type { DraftRequest } from "../prose";
import { lowerFirst } from "../text";

export type Kind = "guide" | "explainer" | "comparison" | "list" | "checklist" | "post";

export interface Brief {
  title: string;
  /** Reads after "about" or "on": "how to build a loyalty program", "what a Roth IRA is". */
  topic: string;
  /** The readers as the user named them ("owners of independent coffee shops"), or "". */
  audience: string;
  /** A clause that reads after "so that" ("you can decide whether to switch this year"), or "". */
  purpose: string;
  kind: Kind;
  /** Up to four things to cover ("costs", "photos"), from the brief and "Mention X and Y". */
  items: string[];
  /** The two sides of a comparison ("Shopify", "WooCommerce"), when the brief names them. */
  sides: [string, string] | null;
  words: number;
}

const DOC = "post|article|guide|explainer|checklist|listicle|comparison|review|faq|case study|piece|tutorial";
const LABELLED = new RegExp(
  `^((?:[\\w-]+\\s+){0,2}?(?:${DOC}))\\s+for\\s+(.+?)\\s+(?:on|about|explaining|covering|that explains)\\s+(.+)$`,
  "i",
);
const REQUEST = new RegExp(
  `^(?:please\\s+)?(?:write|create|draft|give me|i need|i want)\\s+(?:me\\s+)?(?:an?\\s+)?(?:[\\w-]+\\s+){0,2}?(${DOC})\\s+(?:about|on|explaining|covering)\\s+(.+)$`,
  "i",
);
const PREFIX = /^([\w -]{2,30}):\s+(.+)$/;
const PURPOSE = /,?\s+so\s+(?:that\s+)?(.+)$/i;
const ITEMS = /,?\s+(?:with|covering|including)\s+(?:the\s+)?(.+(?:,|\band\b).+)$/i;
const TRAILING_AUDIENCE =
  /^(.{12,}?)\s+for\s+((?!(?:a|an|the|your|my|our|this|that)\b)[a-z][\w-]*(?:\s+[\w-]+){0,5})$/i;
const QUESTION = /^(what|who|where|when|why|how)\s+(is|are)\s+(.+?)(\s+(?:and|or)\s+.+)?$/i;
const DANGLING = new Set(
  "a an the and or but of to in on at by for with from about into that which so your their our".split(" "),
);

/** The first sentence, without emoji or shouting; `question` when it asked one. */
function normalise(raw: string): { text: string; question: boolean } {
  let text = raw
    .replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  if (/[A-Z]{3}/.test(text) && text === text.toUpperCase()) text = text.toLowerCase();
  const first = blockSentences(text)[0] ?? text;
  const question = /\?\s*$/.test(first);
  return { text: first.replace(/[\s.?!;:,]+$/, ""), question };
}

function kindOf(label: string, topic: string): Kind {
  const s = `${label} ${topic}`.toLowerCase();
  if (/\bvs\.?\b|\bversus\b|comparison/.test(s)) return "comparison";
  if (/checklist/.test(s)) return "checklist";
  if (/listicle|^top \d+|\b\d+ (?:ways|tips|ideas|things|mistakes)\b/.test(s)) return "list";
  if (/explain|faq|\bwhat (?:is|are)\b|^(?:what|why)\b/.test(s)) return "explainer";
  if (/guide|how-to|tutorial|step-by-step|^how\b/.test(s)) return "guide";
  return /^(?:what|why|who|which)\b/i.test(topic) ? "explainer" : /^how\b/i.test(topic) ? "guide" : "post";
}

/** The label ("How-to guide"), the audience it names and the rest of the brief. */
function splitLabel(text: string): { label: string; audience: string; rest: string } {
  const labelled = text.match(LABELLED);
  if (labelled) return { label: labelled[1], audience: labelled[2], rest: labelled[3] };
  const request = text.match(REQUEST);
  if (request) return { label: request[1], audience: "", rest: request[2] };
  const prefix = text.match(PREFIX);
  if (prefix && new RegExp(`\\b(?:${DOC}|how-to|step-by-step)\\b`, "i").test(prefix[1]))
    return { label: prefix[1], audience: "", rest: prefix[2] };
  const explain = text.match(/^explain(?:ing)?\s+(.+)$/i);
  if (explain) return { label: "explainer", audience: "", rest: explain[1] };
  return { label: "", audience: "", rest: text };
}

/** The things a list names: "the costs, the tools and the mistakes to avoid" → three items. */
function listItems(list: string): string[] {
  return list
    .split(/,\s*(?:and\s+|or\s+)?|\s+and\s+|\s*&\s*/)
    .map((p) => p.replace(/^(?:the|your|a|an)\s+/i, "").trim())
    .filter((p) => p && countWords(p) <= 4);
}

/** "Mention photos and reviews." in the additional context. */
function contextItems(context: string): string[] {
  return blockSentences(context).flatMap((sentence) => {
    const m = sentence.match(/^(?:please\s+)?(?:mention|include|cover|discuss|add|talk about|focus on)\s+(.+?)[.!]?$/i);
    return m ? listItems(m[1]).map((i) => i.toLowerCase()) : [];
  });
}

/** A subject pronoun turned to "you": "they can decide" → "you can decide". */
function purposeClause(clause: string): string {
  return clause
    .replace(/^(?:they|we|readers|people)\b/i, "you")
    .replace(/\b(?:their|our)\b/gi, "your")
    .replace(/\bthemselves\b/gi, "yourself");
}

/** At most 14 words, cut where a clause starts, never ending on a word that leaves it hanging. */
export function shortenTitle(text: string, max = 14): string {
  const words = text.split(" ");
  if (words.length <= max) return text;
  const head = words.slice(0, max);
  let cut = head.length;
  for (let i = head.length - 1; i >= 4; i--) {
    if (/^(?:and|that|which|so|with|while|because)$/i.test(head[i]) || /,$/.test(head[i - 1])) {
      cut = i;
      break;
    }
  }
  const kept = head.slice(0, cut);
  while (kept.length > 3 && DANGLING.has(kept[kept.length - 1].toLowerCase().replace(/,$/, ""))) kept.pop();
  return kept.join(" ").replace(/,$/, "");
}

export function readBrief(req: DraftRequest): Brief {
  const { text, question } = normalise(req.contentType || "A blog post");
  const { label, audience: named, rest: full } = splitLabel(text);
  let rest = full;
  let purpose = "";
  const purposeMatch = rest.match(PURPOSE);
  if (purposeMatch && (purposeMatch.index ?? 0) > 8) {
    purpose = purposeClause(purposeMatch[1]);
    rest = rest.slice(0, purposeMatch.index);
  }
  let items: string[] = [];
  const itemsMatch = rest.match(ITEMS);
  if (itemsMatch?.index && listItems(itemsMatch[1]).length >= 2) {
    items = listItems(itemsMatch[1]);
    rest = rest.slice(0, itemsMatch.index);
  }
  const titleText = rest;
  let audience = req.targetAudience?.trim().replace(/[.\s]+$/, "") || named;
  const trailing = rest.match(TRAILING_AUDIENCE);
  if (trailing && /(?:s|people|staff|folk)$/i.test(trailing[2].split(" ")[0])) {
    audience ||= trailing[2];
    rest = trailing[1];
  }
  const q = rest.match(QUESTION);
  const topic = q ? `${q[1]} ${q[3]} ${q[2]}${q[4] ?? ""}` : rest;
  const sides = rest.match(/^(.+?)\s+(?:vs\.?|versus|or)\s+(.+?)(?::|\s+for\b|$)/i);
  const kind = kindOf(label, rest);
  for (const item of contextItems(req.additionalContext ?? "")) if (!items.includes(item)) items.push(item);
  return {
    title: capitalize(shortenTitle(titleText)) + (question ? "?" : ""),
    topic: lowerFirst(shortenTitle(topic, 12)),
    audience,
    purpose,
    kind,
    items: items.slice(0, 4),
    sides: kind === "comparison" && sides ? [sides[1].trim(), sides[2].trim()] : null,
    words: parseWordCount(req.wordCount),
  };
}

// The PROSE writing method: prompts for drafting, revising and rewriting SEO blog posts
// so they read as written by a knowledgeable person. docs/prose.md states the same rules with examples.

import { countOf } from "../../shared/plural";
import { parseWordCount } from "../../shared/writing";
import type { PromptPair } from "../ai/models";

export type WritingStyle = "prose2" | "original";

/** What a draft is written from (the generation request minus the provider). */
export interface DraftRequest {
  currentDate: string;
  contentType: string;
  targetAudience?: string;
  wordCount?: string;
  additionalContext?: string;
  writingStyle: WritingStyle;
  seoKeywords?: string;
}

/** The session a revision belongs to: the original request, as far as the caller knows it. */
export type ProseSession = Partial<DraftRequest>;

export interface ProseRule {
  id: string;
  name: string;
  instruction: string;
}

/**
 * Phrases readers and detectors flag as machine-made (lower case, matched case-insensitively).
 * Each one alone proves nothing; together they make a draft read as generated.
 */
export const STOCK_PHRASES: string[] = [
  "delve",
  "tapestry",
  "landscape",
  "realm",
  "pivotal",
  "intricate",
  "showcase",
  "foster",
  "underscore",
  "testament",
  "in today's fast-paced world",
  "in today's digital age",
  "ever-evolving",
  "it's important to note",
  "it is important to note",
  "it's worth noting",
  "it is worth noting",
  "plays a vital role",
  "plays a crucial role",
  "not only",
  "moreover",
  "furthermore",
  "additionally",
  "in conclusion",
  "in summary",
  "vibrant",
  "seamless",
  "breathtaking",
  "game-changer",
  "leverage",
  "synergy",
  "synergies",
  "unlock",
  "unleash",
  "elevate",
  "embark",
  "navigate the complexities",
  "a myriad of",
  "plethora",
  "i hope this helps",
  "as an ai language model",
  "great question",
];

/** PROSE 2 (writingStyle "prose2", the default). Letters: Purpose, Reader, Outcome, Specifics, Everyday voice. */
export const PROSE_RULES: ProseRule[] = [
  {
    id: "P1",
    name: "Lead with the reader's intent",
    instruction:
      "Open by answering the question the reader came with; the first two sentences must say what the piece helps them do, with no warm-up about the topic's importance.",
  },
  {
    id: "P2",
    name: "Write for one named audience",
    instruction:
      "Write for the stated audience and name them early; pick examples, vocabulary and depth for that reader, not for everyone.",
  },
  {
    id: "P3",
    name: "State the outcome",
    instruction:
      "Say in the introduction what the reader will be able to do by the end, and finish with one concrete next step they can take today.",
  },
  {
    id: "P4",
    name: "Be specific and never invent",
    instruction:
      "Prefer numbers, named steps, named tools and concrete examples to general claims; never invent statistics, studies, quotes, prices or case results, and mark any fact the writer must check as [verify: what to check].",
  },
  {
    id: "P5",
    name: "Use plain words",
    instruction:
      "Choose the plain word over the impressive one: use, help, show, build, key, detailed, area, field; never write delve, tapestry, landscape, realm, pivotal, intricate, showcase, foster, underscore, leverage, unlock, elevate, seamless or vibrant.",
  },
  {
    id: "P6",
    name: "No stock phrases",
    instruction:
      'Never use stock phrases such as "in today\'s fast-paced world", "it\'s important to note", "stands as a testament", "plays a vital role", "not only … but also", "a myriad of" or "navigate the complexities"; say the thing itself.',
  },
  {
    id: "P7",
    name: "Vary the rhythm",
    instruction:
      "Mix short and long sentences, allow an occasional fragment, and don't start two sentences in a row the same way.",
  },
  {
    id: "P8",
    name: "Talk to the reader",
    instruction:
      "Use contractions (you're, it's, don't) and address the reader as you; write the way a knowledgeable colleague talks.",
  },
  {
    id: "P9",
    name: "Cut filler and puffery",
    instruction:
      "Delete sentences that add nothing, claims about how significant something is, vague praise such as game-changer or breathtaking, and summaries at the end of sections.",
  },
  {
    id: "P10",
    name: "No essay connectives",
    instruction:
      "Don't open sentences or paragraphs with Moreover, Furthermore, Additionally, In addition, Overall or In conclusion; let the order of ideas carry the logic.",
  },
  {
    id: "P11",
    name: "No significance tails",
    instruction:
      'Don\'t end sentences with an -ing clause that explains why something matters (", highlighting…", ", underscoring…", ", reflecting…", ", ensuring…"); end on the fact.',
  },
  {
    id: "P12",
    name: "Count honestly",
    instruction:
      "List as many items as there really are; don't group things in threes by reflex, and don't pad a list to look complete.",
  },
  {
    id: "P13",
    name: "Markdown in sentence case",
    instruction:
      "Return markdown with exactly one H1 title and H2/H3 sections; write every heading in sentence case (only the first word and proper nouns capitalised); keep paragraphs short and use lists only for list-shaped content.",
  },
  {
    id: "P14",
    name: "Respect the word count",
    instruction:
      "Stay within 10% of the requested word count; if the content runs out, stop rather than pad, and if it runs long, cut the weakest section.",
  },
  {
    id: "P15",
    name: "Keywords where they fit",
    instruction:
      "Use the main keyword in the title, in the first 100 words and in one H2, then only where a person would naturally say it; never stuff keywords.",
  },
  {
    id: "P16",
    name: "Only the article",
    instruction:
      'Output only the article: no preamble such as "Here is your blog post", no "I hope this helps", no "As an AI", no offers of further help and no notes about the instructions.',
  },
];

/** The earlier, shorter PROSE (writingStyle "original"). */
export const PROSE_ORIGINAL_RULES: ProseRule[] = [
  {
    id: "O1",
    name: "Purpose first",
    instruction: "Start with what the reader wants to know or do, and answer it early.",
  },
  {
    id: "O2",
    name: "Reader named",
    instruction: "Write for the target audience and use examples they will recognise.",
  },
  {
    id: "O3",
    name: "Outcome stated",
    instruction: "Tell the reader what they will get from the piece and end with a clear next step.",
  },
  {
    id: "O4",
    name: "Specific, not invented",
    instruction: "Use concrete details and examples; do not make up statistics or sources.",
  },
  {
    id: "O5",
    name: "Everyday voice",
    instruction:
      "Write in plain, conversational English with contractions and varied sentence length; avoid buzzwords and filler such as delve, landscape, moreover and in conclusion.",
  },
  {
    id: "O6",
    name: "Clean markdown",
    instruction:
      "Return markdown with one H1 title and H2 sections in sentence case, close to the requested word count.",
  },
];

/** Rules that make sense for text the user pastes in (no structure, length or keyword rules). */
const TEXT_RULE_IDS = new Set(["P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P16"]);

function formatRules(rules: ProseRule[]): string {
  return rules.map((r) => `${r.id}. ${r.name}: ${r.instruction}`).join("\n");
}

function stockPhraseLine(): string {
  return `Words and phrases that must not appear: ${STOCK_PHRASES.map((p) => `"${p}"`).join(", ")}.`;
}

function methodSystem(style: WritingStyle | undefined, role: string): string {
  if (style === "original") {
    return [
      `You are an experienced blog writer using the PROSE method (original version). ${role}`,
      "",
      "Follow these rules:",
      formatRules(PROSE_ORIGINAL_RULES),
    ].join("\n");
  }
  return [
    `You are a senior writer and editor who knows the subject and writes SEO blog posts that read as written by a knowledgeable person, using the PROSE method (version 2). ${role}`,
    "",
    "PROSE stands for Purpose, Reader, Outcome, Specifics and Everyday voice. Follow every rule:",
    formatRules(PROSE_RULES),
    "",
    stockPhraseLine(),
  ].join("\n");
}

function sessionLines(session: ProseSession | undefined): string[] {
  if (!session) return [];
  const lines: string[] = [];
  if (session.contentType) lines.push(`Document type and topic: ${session.contentType}`);
  if (session.targetAudience) lines.push(`Target audience: ${session.targetAudience}`);
  if (session.currentDate) lines.push(`Current date: ${session.currentDate}`);
  if (session.wordCount) lines.push(`Target word count: ${session.wordCount}`);
  if (session.seoKeywords) lines.push(`SEO keywords: ${session.seoKeywords}`);
  if (session.additionalContext) lines.push(`Additional context: ${session.additionalContext}`);
  return lines;
}

export function buildDraftPrompt(req: DraftRequest): PromptPair {
  const words = parseWordCount(req.wordCount);
  const system = methodSystem(
    req.writingStyle,
    "Write a complete first draft of a blog post from the brief the user gives you.",
  );
  const audience = req.targetAudience?.trim()
    ? req.targetAudience.trim()
    : "not stated: infer the most likely reader from the topic and name them in the introduction";
  const lines = [
    `Current date: ${req.currentDate}. Treat anything after your training data as unknown, and mark time-sensitive facts as [verify: …].`,
    `Intent (document type and topic): ${req.contentType.trim()}`,
    `Target audience: ${audience}`,
    `Target word count: ${countOf(words, "word")}${req.wordCount?.trim() ? ` (requested: "${req.wordCount.trim()}")` : " (none given; default)"}. Stop when you reach it.`,
  ];
  if (req.additionalContext?.trim()) lines.push(`Additional context (follow it): ${req.additionalContext.trim()}`);
  if (req.seoKeywords?.trim()) lines.push(`SEO keywords (use naturally, never stuffed): ${req.seoKeywords.trim()}`);
  lines.push("", "Return only the markdown article, starting with the H1 title.");
  return { system, prompt: lines.join("\n") };
}

export function buildRevisePrompt(input: {
  document: string;
  flaggedSentences: string[];
  session?: ProseSession;
}): PromptPair {
  const system = methodSystem(
    input.session?.writingStyle,
    [
      "You revise a draft that an AI detector has flagged.",
      "Rewrite ONLY the flagged sentences, in the context of the whole document, so they follow the rules below; keep their meaning and facts, and keep them about the same length.",
      "Leave every other sentence, heading and line exactly as it is, character for character.",
      "Return the whole document in markdown with the flagged sentences replaced, and nothing else.",
    ].join(" "),
  );
  const flagged = input.flaggedSentences.map((s, i) => `${i + 1}. ${s}`).join("\n");
  const prompt = [
    ...sessionLines(input.session),
    "",
    "FLAGGED SENTENCES (rewrite only these):",
    flagged || "(none: return the document unchanged)",
    "",
    "DOCUMENT:",
    "<<<DOCUMENT",
    input.document,
    "DOCUMENT>>>",
  ].join("\n");
  return { system, prompt: prompt.trimStart() };
}

export function buildFinalRewritePrompt(input: {
  originalContent: string;
  aiDetectedSentences: string[];
  session?: ProseSession;
}): PromptPair {
  const system = methodSystem(
    input.session?.writingStyle,
    [
      "You give a draft its final rewrite.",
      "Rewrite the whole draft so every sentence follows the rules below, keeping its facts, numbers, headings, section order and markdown structure, and staying within 10% of its length.",
      "Give the sentences an AI detector flagged the most attention. Add no new facts; keep any [verify: …] markers.",
      "Return only the rewritten markdown document.",
    ].join(" "),
  );
  const flagged = input.aiDetectedSentences.map((s, i) => `${i + 1}. ${s}`).join("\n");
  const prompt = [
    ...sessionLines(input.session),
    "",
    "SENTENCES THE DETECTOR FLAGGED:",
    flagged || "(none)",
    "",
    "DRAFT:",
    "<<<DRAFT",
    input.originalContent,
    "DRAFT>>>",
  ].join("\n");
  return { system, prompt: prompt.trimStart() };
}

export function buildReviseTextPrompt(input: { text: string }): PromptPair {
  const rules = PROSE_RULES.filter((r) => TEXT_RULE_IDS.has(r.id));
  const system = [
    "You are an editor applying the PROSE guidelines to text the user pastes in.",
    "Edit the wording only: keep the meaning, every fact and the format (paragraphs, lists, headings if any), keep the length within 10%, and add no new facts, examples or claims.",
    "",
    "Apply these rules:",
    formatRules(rules),
    "",
    stockPhraseLine(),
    "",
    "Return only the revised text.",
  ].join("\n");
  const prompt = ["TEXT:", "<<<TEXT", input.text, "TEXT>>>"].join("\n");
  return { system, prompt };
}

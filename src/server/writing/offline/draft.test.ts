import { describe, expect, it } from "vitest";
import { countWords, splitSentences } from "../../../shared/text";
import { type DraftRequest, STOCK_PHRASES } from "../prose";

const proseSentences = (md: string) => splitSentences(md).map((s) => s.text);

import { plantCount, writeOfflineDraft } from "./draft";
import { fixSentence } from "./fixes";

const bakery: DraftRequest = {
  currentDate: "2026-03-14",
  contentType: "How-to guide: how small bakeries can get more local customers with Google Business Profile",
  targetAudience: "owners of small bakeries",
  wordCount: "800",
  additionalContext: "Mention photos and reviews.",
  writingStyle: "prose2",
};

/** Briefs of every kind and shape the home screen and the console see. */
const BRIEFS = [
  bakery.contentType,
  "Listicle: 7 ways SaaS startups can reduce churn with onboarding emails",
  "Comparison: Shopify vs WooCommerce for a small clothing store",
  "Explain what schema markup is and why it matters for online stores",
  "Checklist: moving house with kids",
  "What is a Roth IRA?",
  "Productivity",
  "HOW TO START A PODCAST 🎙️🔥",
  "Cómo mejorar la atención al cliente en restaurantes",
  "Blog post for owners of independent coffee shops on how to build a loyalty program that brings regulars back twice a week, with the costs, the tools and the mistakes to avoid.",
  `Write a detailed blog post about how garden design studios can win repeat clients. ${"Keep the tone friendly. ".repeat(150)}`,
];
const draftOf = (contentType: string, wordCount = "800") => writeOfflineDraft({ ...bakery, contentType, wordCount });
const headings = (md: string) => md.split("\n").filter((l) => /^#{1,3} /.test(l));

/** Words a heading must not end on: prepositions, articles, conjunctions, question words, possessives. */
const HEADING_END_WORDS = new Set(
  "a an the and or but nor so of to in on at by for with from about into onto over under via as than vs versus how what why when where which who whom that this these those your my our their its his her can could should would will".split(
    " ",
  ),
);

/**
 * What's wrong with a heading, if anything: more than 12 words, the same word twice in a row
 * ("works works"), or a last word that leaves it dangling ("… with how"). Empty when it reads well.
 */
function headingProblems(heading: string): string[] {
  const text = heading.replace(/^#+\s*/, "").trim();
  const ws = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const bare = ws.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, ""));
  const problems: string[] = [];
  if (ws.length === 0) return ["empty"];
  if (ws.length > 12) problems.push(`${ws.length} words`);
  // "works works", and the inflected repeat "work works".
  for (let i = 1; i < bare.length; i++)
    if ([bare[i - 1], `${bare[i - 1]}s`, `${bare[i - 1]}es`].includes(bare[i])) problems.push(`doubled "${bare[i]}"`);
  const last = bare[bare.length - 1];
  if (HEADING_END_WORDS.has(last) && !/\?$/.test(text)) problems.push(`ends with "${last}"`);
  return problems;
}

/** Breakage a filled template can cause: doubled words, article slips, empty or unfilled slots. */
function sentenceProblems(sentence: string): string[] {
  const problems: string[] = [];
  const words = sentence.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  for (let i = 1; i < words.length; i++) {
    const [prev, word] = [words[i - 1], words[i]];
    if (word.toLowerCase() === prev.toLowerCase()) problems.push(`doubled "${word}"`);
    if (/^a$/i.test(prev) && /^[aeiou]/i.test(word) && !/^(?:one|once|use|usu|uni|eu)/i.test(word))
      problems.push(`"a ${word}"`);
    if (/^an$/i.test(prev) && /^[b-df-hj-np-tv-z]/.test(word) && !/^(?:hour|honest)/i.test(word))
      problems.push(`"an ${word}"`);
  }
  if (/\b(?:with|of|about|from|into|the|a|an|your|our|their)\s*[,;:.!?]/i.test(sentence))
    problems.push("dangling word");
  if (/\{\w+\}|undefined|NaN/.test(sentence)) problems.push("unfilled slot");
  return problems;
}

describe("writeOfflineDraft", () => {
  for (const words of [300, 800, 1500, 3000]) {
    it(`stays within ±20% of ${words} words for every kind of brief`, () => {
      for (const brief of BRIEFS) {
        const n = countWords(draftOf(brief, String(words)));
        expect(n, brief).toBeGreaterThanOrEqual(words * 0.8);
        expect(n, brief).toBeLessThanOrEqual(words * 1.2);
      }
    });
  }

  it("reads cleanly: one H1, headings that don't dangle, no slips, no sentence twice", () => {
    for (const brief of BRIEFS) {
      for (const words of ["300", "1500", "5000"]) {
        const md = draftOf(brief, words);
        const hs = headings(md);
        expect(
          hs.filter((h) => h.startsWith("# ")),
          brief,
        ).toHaveLength(1);
        for (const h of hs.slice(1)) expect(headingProblems(h), h).toEqual([]);
        const sentences = proseSentences(md);
        for (const s of sentences) expect(sentenceProblems(s), s).toEqual([]);
        const seen = sentences.map((s) => s.toLowerCase());
        expect(
          seen.filter((s, i) => seen.indexOf(s) !== i),
          `${brief} @ ${words}`,
        ).toEqual([]);
      }
    }
  });

  it("is about the brief: its subject in the title, its audience and the things it asks to cover", () => {
    const md = writeOfflineDraft(bakery);
    const hs = headings(md);
    expect(hs[0]).toBe("# How small bakeries can get more local customers with Google Business Profile");
    expect(md).toContain("owners of small bakeries");
    expect(hs.join("\n")).toMatch(/photos/i);
    expect(hs.join("\n")).toMatch(/reviews/i);
    const loyalty = draftOf(BRIEFS[9]);
    expect(headings(loyalty).join("\n")).toMatch(/costs[\s\S]*tools[\s\S]*Mistakes to avoid/i);
    const comparison = draftOf(BRIEFS[2]);
    expect(headings(comparison)).toEqual(expect.arrayContaining(["## When Shopify is the better choice"]));
  });

  it("is deterministic, and different briefs give different drafts", () => {
    expect(writeOfflineDraft(bakery)).toBe(writeOfflineDraft({ ...bakery }));
    const drafts = BRIEFS.map((b) => draftOf(b));
    expect(new Set(drafts).size).toBe(BRIEFS.length);
  });

  it("plants a few habits the reviser can fix; every other sentence is free of stock phrases", () => {
    for (const brief of BRIEFS) {
      for (const words of [300, 800, 3000]) {
        const sentences = proseSentences(draftOf(brief, String(words)));
        const habitual = sentences.filter((s) => STOCK_PHRASES.some((p) => s.toLowerCase().includes(p)));
        expect(habitual.length, `${brief} @ ${words}`).toBeGreaterThanOrEqual(1);
        expect(habitual.length).toBeLessThanOrEqual(plantCount(words));
        for (const s of habitual) expect(fixSentence(s, 19), s).not.toBe(s);
      }
    }
  });

  it("ends with a next step", () => {
    const md = writeOfflineDraft(bakery);
    expect(md.slice(md.lastIndexOf("\n## "))).toMatch(/^\n## Your next step\n\nDon't try to do all of this at once\./);
  });
});

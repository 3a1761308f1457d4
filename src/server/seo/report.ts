// Yoast-like SEO and readability analysis, computed by our own code (thresholds: docs/seo.md).

import type { SeoCheck, SeoCheckStatus, SeoReport } from "../../shared/seo";
import { blockSentences, countWords } from "../../shared/text";
import { META_DESCRIPTION_MAX, META_DESCRIPTION_MIN, META_TITLE_MAX } from "./meta";
import {
  containsKeyphrase,
  countKeyphrase,
  draftFromMarkdown,
  slugify,
  syllables,
  type TextBlock,
  words,
} from "./text";

export interface AnalyzeSeoInput {
  /** The draft as markdown (a leading H1 is taken as the title and left out of the body). */
  markdown?: string;
  /** Or plain text (paragraphs separated by blank lines). */
  text?: string;
  title: string;
  keyphrase: string;
  metaDescription: string;
  slug: string;
  /** The produced HTML, for images and links; the markdown's own images/links are used without it. */
  html?: string;
}

export const CHECK_WEIGHTS: Record<string, number> = {
  "keyphrase-title": 3,
  "keyphrase-intro": 3,
  "keyphrase-subheading": 2,
  "keyphrase-slug": 2,
  "keyphrase-meta": 2,
  "keyphrase-density": 3,
  "title-length": 1,
  "meta-length": 2,
  "text-length": 3,
  "subheading-distribution": 2,
  "paragraph-length": 2,
  "sentence-length": 2,
  "passive-voice": 1,
  "transition-words": 1,
  "flesch-reading-ease": 2,
  "consecutive-sentences": 1,
  "image-alt": 1,
  "internal-links": 1,
  "outbound-links": 1,
};

const BE_VERBS = new Set([
  "am",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "get",
  "gets",
  "got",
  "gotten",
]);

const IRREGULAR_PARTICIPLES = new Set(
  (
    "arisen awoken borne born beaten become begun bent bet bitten bled blown broken bred brought built burnt " +
    "bought caught chosen come cost crept cut dealt dug done drawn dreamt drunk driven eaten fallen fed felt " +
    "fought found fled flung flown forbidden forgotten forgiven frozen given gone ground grown hung heard hidden " +
    "hit held hurt kept knelt known laid led leant left lent let lain lit lost made meant met paid put quit read " +
    "ridden rung risen run said seen sought sold sent set sewn shaken shed shone shot shown shut sung sunk sat " +
    "slept slid spoken spent spun split spread sprung stood stolen stuck stung struck sworn swept swum swung " +
    "taken taught torn told thought thrown understood undertaken upset woken worn woven wept won wound written"
  ).split(/\s+/),
);

const NOT_PARTICIPLES = new Set([
  "need",
  "needed",
  "indeed",
  "bed",
  "red",
  "seed",
  "feed",
  "speed",
  "hundred",
  "shed",
  "used",
  "based",
  "interested",
  "tired",
  "excited",
  "ready",
  "bored",
  "supposed",
  "related",
  "concerned",
  "advanced",
  "detailed",
  "experienced",
  "limited",
  "qualified",
  "skilled",
  "talented",
  "complicated",
  "sophisticated",
  "dedicated",
  "prepared",
  "involved",
  "married",
  "worried",
  "pleased",
]);

/** Be-verb (or get) followed, within two words (adverbs allowed), by a past participle. */
export function isPassive(sentence: string): boolean {
  const ws = words(sentence.toLowerCase());
  for (let i = 0; i < ws.length; i++) {
    if (!BE_VERBS.has(ws[i])) continue;
    for (let j = i + 1; j <= i + 3 && j < ws.length; j++) {
      const w = ws[j];
      if (IRREGULAR_PARTICIPLES.has(w) || (w.length > 4 && w.endsWith("ed") && !NOT_PARTICIPLES.has(w))) return true;
      if (!(w.endsWith("ly") || w === "not" || w === "also" || w === "often" || w === "being" || w === "never")) break;
    }
  }
  return false;
}

const TRANSITION_SINGLE = new Set(
  (
    "accordingly additionally afterward afterwards albeit also although altogether another because besides " +
    "but consequently conversely correspondingly finally firstly further furthermore hence however " +
    "instead lastly likewise meanwhile moreover namely nevertheless nonetheless notably " +
    "otherwise overall particularly previously secondly similarly specifically " +
    "subsequently then therefore thirdly thus ultimately unlike whereas because especially " +
    "eventually initially instead admittedly undoubtedly certainly obviously clearly importantly"
  ).split(/\s+/),
);

const TRANSITION_MULTI = [
  "as a result",
  "for example",
  "for instance",
  "in addition",
  "in contrast",
  "in fact",
  "in other words",
  "in short",
  "in summary",
  "in conclusion",
  "on the other hand",
  "as well as",
  "after all",
  "above all",
  "at the same time",
  "because of",
  "due to",
  "even though",
  "even so",
  "first of all",
  "in the meantime",
  "in particular",
  "of course",
  "on the contrary",
  "so that",
  "such as",
  "to begin with",
  "to sum up",
  "that is",
  "in the end",
  "as soon as",
  "as long as",
  "in order to",
  "as a matter of fact",
];

export function hasTransition(sentence: string): boolean {
  const ws = words(sentence.toLowerCase());
  if (ws.some((w) => TRANSITION_SINGLE.has(w))) return true;
  const joined = ` ${ws.join(" ")} `;
  return TRANSITION_MULTI.some((t) => joined.includes(` ${t} `));
}

export function fleschReadingEase(text: string): number {
  const ss = paragraphsToSentences([text]);
  const ws = words(text);
  if (ss.length === 0 || ws.length === 0) return 100;
  const syl = ws.reduce((a, w) => a + syllables(w), 0);
  return 206.835 - 1.015 * (ws.length / ss.length) - 84.6 * (syl / ws.length);
}

function paragraphsToSentences(paras: string[]): string[] {
  return paras.flatMap((p) => blockSentences(p));
}

function check(id: string, label: string, status: SeoCheckStatus, advice: string): SeoCheck {
  return { id, label, status, advice };
}

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

function htmlImagesAndLinks(html: string): { alts: string[]; links: string[] } {
  const alts: string[] = [];
  for (const m of html.matchAll(/<img\b[^>]*>/gi)) {
    const alt = /\salt="([^"]*)"/i.exec(m[0]);
    alts.push(alt ? alt[1] : "");
  }
  const links: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/gi)) links.push(m[1]);
  return { alts, links };
}

export function analyzeSeo(input: AnalyzeSeoInput): SeoReport {
  const source = input.markdown ?? input.text ?? "";
  const draft = draftFromMarkdown(source);
  const blocks: TextBlock[] = draft.blocks;
  const kp = input.keyphrase.trim();
  const prose = blocks.filter((b) => b.kind === "paragraph" || b.kind === "list-item");
  const paragraphs = blocks.filter((b) => b.kind === "paragraph");
  const allText = blocks.map((b) => b.text).join("\n\n");
  const totalWords = countWords(allText);
  const sents = paragraphsToSentences(prose.map((b) => b.text));
  const headings = blocks.filter((b) => b.kind === "heading" && b.depth <= 3);
  const checks: SeoCheck[] = [];

  // --- keyphrase
  if (!kp) {
    checks.push(check("keyphrase-title", "Keyphrase in title", "bad", "Set a focus keyphrase of 1–4 words."));
  } else {
    const inTitle = containsKeyphrase(input.title, kp);
    const inOrder = countKeyphrase(input.title, kp) > 0;
    checks.push(
      check(
        "keyphrase-title",
        "Keyphrase in title",
        inOrder ? "good" : inTitle ? "ok" : "bad",
        inOrder
          ? "The title contains the keyphrase."
          : inTitle
            ? "The title has the keyphrase's words but not as a phrase: use it as written."
            : `Put "${kp}" in the SEO title, ideally near the start.`,
      ),
    );
    const intro = paragraphs[0]?.text ?? "";
    checks.push(
      check(
        "keyphrase-intro",
        "Keyphrase in introduction",
        containsKeyphrase(intro, kp) ? "good" : "bad",
        containsKeyphrase(intro, kp)
          ? "The first paragraph mentions the keyphrase."
          : `Mention "${kp}" in the first paragraph.`,
      ),
    );
    const sub = headings.filter((hd) => containsKeyphrase(hd.text, kp)).length;
    checks.push(
      check(
        "keyphrase-subheading",
        "Keyphrase in subheadings",
        sub === 0 ? "bad" : headings.length > 0 && sub / headings.length > 0.75 ? "ok" : "good",
        sub === 0
          ? `Use "${kp}" (or its words) in at least one H2 or H3.`
          : sub / headings.length > 0.75
            ? "Almost every subheading repeats the keyphrase: vary some of them."
            : `${sub} of ${headings.length} subheadings reflect the keyphrase.`,
      ),
    );
    const slugText = input.slug.replace(/-/g, " ");
    checks.push(
      check(
        "keyphrase-slug",
        "Keyphrase in slug",
        containsKeyphrase(slugText, kp) ? "good" : "bad",
        containsKeyphrase(slugText, kp)
          ? "The slug contains the keyphrase."
          : `Use the keyphrase in the slug, e.g. ${slugify(kp)}.`,
      ),
    );
    checks.push(
      check(
        "keyphrase-meta",
        "Keyphrase in meta description",
        containsKeyphrase(input.metaDescription, kp) ? "good" : "bad",
        containsKeyphrase(input.metaDescription, kp)
          ? "The meta description contains the keyphrase."
          : `Mention "${kp}" in the meta description.`,
      ),
    );
    const occurrences = countKeyphrase(allText, kp);
    const density = totalWords > 0 ? (occurrences * 100) / totalWords : 0;
    let status: SeoCheckStatus;
    let advice: string;
    if (totalWords < 100) {
      status = "ok";
      advice = "Too little text to judge keyphrase density (needs 100 words).";
    } else if (density >= 0.5 && density <= 3) {
      status = "good";
      advice = `Keyphrase density ${pct(density)} (${occurrences}×) is within 0.5–3%.`;
    } else if (density < 0.5) {
      status = occurrences > 0 ? "ok" : "bad";
      advice = `Keyphrase density ${pct(density)} (${occurrences}×) is below 0.5%: use it a few more times.`;
    } else {
      status = density > 4 ? "bad" : "ok";
      advice = `Keyphrase density ${pct(density)} (${occurrences}×) is above 3%: that reads as keyword stuffing, use synonyms.`;
    }
    checks.push(check("keyphrase-density", "Keyphrase density", status, advice));
  }

  // --- title and meta description
  const tl = input.title.trim().length;
  checks.push(
    check(
      "title-length",
      "SEO title length",
      tl === 0 ? "bad" : tl <= META_TITLE_MAX ? (tl >= 30 ? "good" : "ok") : "bad",
      tl === 0
        ? "Add an SEO title."
        : tl > META_TITLE_MAX
          ? `The title has ${tl} characters: keep it within ${META_TITLE_MAX} so search results do not cut it.`
          : tl < 30
            ? `The title has ${tl} characters: there is room for a more descriptive one.`
            : `The title has ${tl} characters.`,
    ),
  );
  const ml = input.metaDescription.trim().length;
  checks.push(
    check(
      "meta-length",
      "Meta description length",
      ml >= META_DESCRIPTION_MIN && ml <= META_DESCRIPTION_MAX ? "good" : ml === 0 ? "bad" : "ok",
      ml === 0
        ? "Write a meta description."
        : ml < META_DESCRIPTION_MIN
          ? `The meta description has ${ml} characters: use ${META_DESCRIPTION_MIN}–${META_DESCRIPTION_MAX}.`
          : ml > META_DESCRIPTION_MAX
            ? `The meta description has ${ml} characters: search results cut it after about ${META_DESCRIPTION_MAX}.`
            : `The meta description has ${ml} characters.`,
    ),
  );

  // --- length and structure
  checks.push(
    check(
      "text-length",
      "Text length",
      totalWords >= 300 ? "good" : totalWords >= 200 ? "ok" : "bad",
      totalWords >= 300
        ? `${totalWords} words.`
        : `${totalWords} words: write at least 300 so the page has enough substance to rank.`,
    ),
  );

  // words per section (text before the first subheading counts as a section)
  const sections: number[] = [0];
  for (const b of blocks) {
    if (b.kind === "heading") sections.push(0);
    else sections[sections.length - 1] += countWords(b.text);
  }
  const longest = Math.max(...sections);
  const longSections = sections.filter((n) => n > 300).length;
  checks.push(
    check(
      "subheading-distribution",
      "Subheading distribution",
      headings.length === 0 && totalWords > 300 ? "bad" : longSections === 0 ? "good" : longest > 350 ? "bad" : "ok",
      headings.length === 0 && totalWords > 300
        ? "Add subheadings: the text has none."
        : longSections === 0
          ? "No section runs over 300 words."
          : `${longSections} section(s) run over 300 words (longest ${longest}): add a subheading.`,
    ),
  );

  const paraWords = paragraphs.map((p) => countWords(p.text));
  const longParas = paraWords.filter((n) => n > 150).length;
  checks.push(
    check(
      "paragraph-length",
      "Paragraph length",
      longParas === 0 ? "good" : Math.max(...paraWords) > 200 ? "bad" : "ok",
      longParas === 0
        ? "No paragraph is longer than 150 words."
        : `${longParas} paragraph(s) over 150 words: split them.`,
    ),
  );

  // --- readability
  const longSents = sents.filter((s) => countWords(s) > 20).length;
  const longShare = sents.length > 0 ? (longSents * 100) / sents.length : 0;
  checks.push(
    check(
      "sentence-length",
      "Sentence length",
      longShare <= 25 ? "good" : longShare <= 30 ? "ok" : "bad",
      longShare <= 25
        ? `${pct(longShare)} of sentences have more than 20 words.`
        : `${pct(longShare)} of sentences have more than 20 words (aim for at most 25%): shorten some.`,
    ),
  );

  const passive = sents.filter(isPassive).length;
  const passiveShare = sents.length > 0 ? (passive * 100) / sents.length : 0;
  checks.push(
    check(
      "passive-voice",
      "Passive voice",
      passiveShare <= 10 ? "good" : passiveShare <= 15 ? "ok" : "bad",
      passiveShare <= 10
        ? `${pct(passiveShare)} of sentences use the passive voice.`
        : `${pct(passiveShare)} of sentences use the passive voice (aim for at most 10%): say who does what.`,
    ),
  );

  const proseWords = countWords(prose.map((b) => b.text).join(" "));
  const trans = sents.filter(hasTransition).length;
  const transShare = sents.length > 0 ? (trans * 100) / sents.length : 0;
  checks.push(
    check(
      "transition-words",
      "Transition words",
      proseWords < 200 ? "ok" : transShare >= 30 ? "good" : transShare >= 20 ? "ok" : "bad",
      proseWords < 200
        ? "Too little text to judge transition words (needs 200 words)."
        : transShare >= 30
          ? `${pct(transShare)} of sentences contain a transition word.`
          : `Only ${pct(transShare)} of sentences contain a transition word (aim for 30%): link ideas with "because", "however", "for example"…`,
    ),
  );

  const flesch = fleschReadingEase(prose.map((b) => b.text).join("\n\n"));
  const fr = Math.round(flesch * 10) / 10;
  checks.push(
    check(
      "flesch-reading-ease",
      "Flesch reading ease",
      flesch > 60 ? "good" : flesch >= 50 ? "ok" : "bad",
      flesch > 60
        ? `Flesch reading ease ${fr}: easy enough to read.`
        : `Flesch reading ease ${fr} (aim above 60): use shorter sentences and simpler words.`,
    ),
  );

  let runs = 0;
  const firsts = sents.map((s) => words(s.toLowerCase())[0] ?? "");
  for (let i = 2; i < firsts.length; i++) {
    if (
      firsts[i] &&
      firsts[i] === firsts[i - 1] &&
      firsts[i] === firsts[i - 2] &&
      (i < 3 || firsts[i - 3] !== firsts[i])
    )
      runs++;
  }
  checks.push(
    check(
      "consecutive-sentences",
      "Consecutive sentences",
      runs === 0 ? "good" : "bad",
      runs === 0
        ? "No three consecutive sentences start with the same word."
        : `${runs} place(s) where three or more sentences in a row start with the same word: vary the openings.`,
    ),
  );

  // --- images and links
  const found = input.html
    ? htmlImagesAndLinks(input.html)
    : { alts: draft.images.map((i) => i.alt), links: draft.links };
  const noAlt = found.alts.filter((a) => a.trim().length === 0).length;
  checks.push(
    check(
      "image-alt",
      "Images and alt text",
      found.alts.length === 0 ? "ok" : noAlt === 0 ? "good" : "bad",
      found.alts.length === 0
        ? "Add at least one image with descriptive alt text."
        : noAlt === 0
          ? `${found.alts.length} image(s), all with alt text.`
          : `${noAlt} image(s) lack alt text: describe them.`,
    ),
  );
  const links = found.links.filter((l) => l && !l.startsWith("#"));
  const outbound = links.filter((l) => /^https?:\/\//i.test(l)).length;
  const internal = links.filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l)).length;
  checks.push(
    check(
      "internal-links",
      "Internal links",
      internal > 0 ? "good" : "ok",
      internal > 0 ? `${internal} internal link(s).` : "Link to at least one related page on your own site.",
    ),
  );
  checks.push(
    check(
      "outbound-links",
      "Outbound links",
      outbound > 0 ? "good" : "ok",
      outbound > 0 ? `${outbound} outbound link(s).` : "Link to at least one trustworthy outside source.",
    ),
  );

  return { score: scoreOf(checks), checks };
}

export function scoreOf(checks: SeoCheck[]): number {
  let total = 0;
  let got = 0;
  for (const c of checks) {
    const w = CHECK_WEIGHTS[c.id] ?? 1;
    total += w;
    got += c.status === "good" ? w : c.status === "ok" ? w / 2 : 0;
  }
  return total > 0 ? Math.round((got * 100) / total) : 0;
}

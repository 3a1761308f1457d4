// Yoast-like SEO and readability analysis, computed by our own code (thresholds: docs/seo.md): a
// table of small checks over one reading of the draft (blocks, sentences and stems computed once).
import type { Element, RootContent as HastContent, Root as HastRoot } from "hast";
import { countOf } from "../../shared/plural";
import type { SeoCheck, SeoCheckStatus, SeoReport } from "../../shared/seo";
import { blockSentences, blocksSentences, countWords } from "../../shared/text";
import { META_DESCRIPTION_MAX, META_DESCRIPTION_MIN, META_TITLE_MAX } from "./meta";
import {
  containsKeyphrase,
  contentWords,
  countKeyphraseIn,
  draftFromMarkdown,
  type ParsedDraft,
  slugify,
  stem,
  syllables,
  type TextBlock,
  words,
} from "./text";

export interface AnalyzeSeoInput {
  /** The draft as markdown (a leading H1 is taken as the title and left out of the body). */
  markdown?: string;
  /** Or plain text (paragraphs separated by blank lines). */
  text?: string;
  /** Or the draft already read (the SEO pipeline passes the tree it parsed: one parse a request). */
  draft?: ParsedDraft;
  title: string;
  keyphrase: string;
  metaDescription: string;
  slug: string;
  /** The produced HTML's tree, for images and links; the markdown's own images/links are used without it. */
  html?: HastRoot;
  /** The request's contentStemsOnce, when the caller has read some of the same texts. */
  contentStems?: (text: string) => readonly string[];
}

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
  return passiveWords(words(sentence.toLowerCase()));
}

function passiveWords(ws: string[]): boolean {
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
  return transitionWords(words(sentence.toLowerCase()));
}

/** The multi-word transitions by their first word, each as its words. */
const TRANSITION_MULTI_BY_FIRST = new Map<string, string[][]>();
for (const t of TRANSITION_MULTI) {
  const ws = t.split(" ");
  const list = TRANSITION_MULTI_BY_FIRST.get(ws[0]) ?? [];
  list.push(ws);
  TRANSITION_MULTI_BY_FIRST.set(ws[0], list);
}

function transitionWords(ws: string[]): boolean {
  if (ws.some((w) => TRANSITION_SINGLE.has(w))) return true;
  // A phrase is there when its words follow one another (words hold no spaces).
  for (let i = 0; i < ws.length; i++) {
    const phrases = TRANSITION_MULTI_BY_FIRST.get(ws[i]);
    if (phrases?.some((p) => i + p.length <= ws.length && p.every((w, k) => ws[i + k] === w))) return true;
  }
  return false;
}

export function fleschReadingEase(text: string): number {
  return flesch(blockSentences(text).length, words(text));
}

function flesch(sentenceCount: number, ws: string[]): number {
  if (sentenceCount === 0 || ws.length === 0) return 100;
  const syl = ws.reduce((a, w) => a + syllables(w), 0);
  return 206.835 - 1.015 * (ws.length / sentenceCount) - 84.6 * (syl / ws.length);
}

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

/** One sentence of the prose, read once: its words (lower case) and its word count. */
interface Sentence {
  words: string[];
  count: number;
}

/** What every check reads, computed once per report. */
interface Reading {
  input: AnalyzeSeoInput;
  kp: string;
  blocks: TextBlock[];
  paragraphs: TextBlock[];
  /** H1–H3 of the body. */
  headings: TextBlock[];
  /** Words of a block (countWords), counted once. */
  wordsIn: (block: TextBlock) => number;
  totalWords: number;
  /** Stems of the whole text's content words, for keyphrase density. */
  stems: string[];
  sentences: Sentence[];
  proseWords: number;
  flesch: number;
  media: { alts: string[]; links: string[] };
}

type Verdict = [SeoCheckStatus, string];

/** A check: its id, label and weight in the score, and the verdict (null: not applicable). */
interface CheckDef {
  id: string;
  label: string;
  weight: number;
  run(r: Reading): Verdict | null;
}

const share = (r: Reading, test: (s: Sentence) => boolean) =>
  r.sentences.length > 0 ? (r.sentences.filter(test).length * 100) / r.sentences.length : 0;

/** A keyphrase check: "Set a focus keyphrase" on the first when there is none, skipped on the others. */
const withKeyphrase =
  (run: (r: Reading, kp: string) => Verdict, first = false) =>
  (r: Reading): Verdict | null =>
    r.kp ? run(r, r.kp) : first ? ["bad", "Set a focus keyphrase of 1–4 words."] : null;

/** Good when `where` contains the keyphrase, else bad. */
const mentions = (
  id: string,
  label: string,
  weight: number,
  where: (r: Reading) => string,
  yes: string,
  no: (kp: string) => string,
): CheckDef => ({
  id,
  label,
  weight,
  run: withKeyphrase((r, kp) => (containsKeyphrase(where(r), kp) ? ["good", yes] : ["bad", no(kp)])),
});

const CHECKS: CheckDef[] = [
  {
    id: "keyphrase-title",
    label: "Keyphrase in title",
    weight: 3,
    run: withKeyphrase((r, kp) => {
      if (countKeyphraseIn(stemsOf(r.input.title), kp) > 0) return ["good", "The title contains the keyphrase."];
      if (containsKeyphrase(r.input.title, kp))
        return ["ok", "The title has the keyphrase's words but not as a phrase: use it as written."];
      return ["bad", `Put "${kp}" in the SEO title, ideally near the start.`];
    }, true),
  },
  mentions(
    "keyphrase-intro",
    "Keyphrase in introduction",
    3,
    (r) => r.paragraphs[0]?.text ?? "",
    "The first paragraph mentions the keyphrase.",
    (kp) => `Mention "${kp}" in the first paragraph.`,
  ),
  {
    id: "keyphrase-subheading",
    label: "Keyphrase in subheadings",
    weight: 2,
    run: withKeyphrase((r, kp) => {
      const n = r.headings.length;
      const sub = r.headings.filter((hd) => containsKeyphrase(hd.text, kp)).length;
      if (sub === 0) return ["bad", `Use "${kp}" (or its words) in at least one H2 or H3.`];
      if (sub / n > 0.75) return ["ok", "Almost every subheading repeats the keyphrase: vary some of them."];
      return ["good", `${sub} of ${n} subheadings reflect the keyphrase.`];
    }),
  },
  mentions(
    "keyphrase-slug",
    "Keyphrase in slug",
    2,
    (r) => r.input.slug.replace(/-/g, " "),
    "The slug contains the keyphrase.",
    (kp) => `Use the keyphrase in the slug, e.g. ${slugify(kp)}.`,
  ),
  mentions(
    "keyphrase-meta",
    "Keyphrase in meta description",
    2,
    (r) => r.input.metaDescription,
    "The meta description contains the keyphrase.",
    (kp) => `Mention "${kp}" in the meta description.`,
  ),
  {
    id: "keyphrase-density",
    label: "Keyphrase density",
    weight: 3,
    run: withKeyphrase((r, kp) => {
      const n = countKeyphraseIn(r.stems, kp);
      const density = r.totalWords > 0 ? (n * 100) / r.totalWords : 0;
      const said = `Keyphrase density ${pct(density)} (${n}×)`;
      if (r.totalWords < 100) return ["ok", "Too little text to judge keyphrase density (needs 100 words)."];
      if (density >= 0.5 && density <= 3) return ["good", `${said} is within 0.5–3%.`];
      if (density < 0.5) return [n > 0 ? "ok" : "bad", `${said} is below 0.5%: use it a few more times.`];
      return [density > 4 ? "bad" : "ok", `${said} is above 3%: that reads as keyword stuffing, use synonyms.`];
    }),
  },
  {
    id: "title-length",
    label: "SEO title length",
    weight: 1,
    run: (r) => {
      const tl = r.input.title.trim().length;
      if (tl === 0) return ["bad", "Add an SEO title."];
      if (tl > META_TITLE_MAX)
        return [
          "bad",
          `The title has ${tl} characters: keep it within ${META_TITLE_MAX} so search results do not cut it.`,
        ];
      if (tl < 30) return ["ok", `The title has ${tl} characters: there is room for a more descriptive one.`];
      return ["good", `The title has ${tl} characters.`];
    },
  },
  {
    id: "meta-length",
    label: "Meta description length",
    weight: 2,
    run: (r) => {
      const ml = r.input.metaDescription.trim().length;
      if (ml === 0) return ["bad", "Write a meta description."];
      if (ml < META_DESCRIPTION_MIN)
        return [
          "ok",
          `The meta description has ${ml} characters: use ${META_DESCRIPTION_MIN}–${META_DESCRIPTION_MAX}.`,
        ];
      if (ml > META_DESCRIPTION_MAX)
        return [
          "ok",
          `The meta description has ${ml} characters: search results cut it after about ${META_DESCRIPTION_MAX}.`,
        ];
      return ["good", `The meta description has ${ml} characters.`];
    },
  },
  {
    id: "text-length",
    label: "Text length",
    weight: 3,
    run: ({ totalWords: n }) =>
      n >= 300
        ? ["good", `${countOf(n, "word")}.`]
        : [
            n >= 200 ? "ok" : "bad",
            `${countOf(n, "word")}: write at least 300 so the page has enough substance to rank.`,
          ],
  },
  {
    id: "subheading-distribution",
    label: "Subheading distribution",
    weight: 2,
    run: (r) => {
      // words per section (text before the first subheading counts as a section)
      const sections: number[] = [0];
      for (const b of r.blocks) {
        if (b.kind === "heading") sections.push(0);
        else sections[sections.length - 1] += r.wordsIn(b);
      }
      const longest = Math.max(...sections);
      const long = sections.filter((n) => n > 300).length;
      if (r.headings.length === 0 && r.totalWords > 300) return ["bad", "Add subheadings: the text has none."];
      if (long === 0) return ["good", "No section runs over 300 words."];
      return [
        longest > 350 ? "bad" : "ok",
        `${long} section(s) run over 300 words (longest ${longest}): add a subheading.`,
      ];
    },
  },
  {
    id: "paragraph-length",
    label: "Paragraph length",
    weight: 2,
    run: (r) => {
      const paraWords = r.paragraphs.map(r.wordsIn);
      const long = paraWords.filter((n) => n > 150).length;
      if (long === 0) return ["good", "No paragraph is longer than 150 words."];
      return [Math.max(...paraWords) > 200 ? "bad" : "ok", `${long} paragraph(s) over 150 words: split them.`];
    },
  },
  {
    id: "sentence-length",
    label: "Sentence length",
    weight: 2,
    run: (r) => {
      const long = share(r, (s) => s.count > 20);
      const said = `${pct(long)} of sentences have more than 20 words`;
      if (long <= 25) return ["good", `${said}.`];
      return [long <= 30 ? "ok" : "bad", `${said} (aim for at most 25%): shorten some.`];
    },
  },
  {
    id: "passive-voice",
    label: "Passive voice",
    weight: 1,
    run: (r) => {
      const passive = share(r, (s) => passiveWords(s.words));
      const said = `${pct(passive)} of sentences use the passive voice`;
      if (passive <= 10) return ["good", `${said}.`];
      return [passive <= 15 ? "ok" : "bad", `${said} (aim for at most 10%): say who does what.`];
    },
  },
  {
    id: "transition-words",
    label: "Transition words",
    weight: 1,
    run: (r) => {
      if (r.proseWords < 200) return ["ok", "Too little text to judge transition words (needs 200 words)."];
      const t = share(r, (s) => transitionWords(s.words));
      if (t >= 30) return ["good", `${pct(t)} of sentences contain a transition word.`];
      return [
        t >= 20 ? "ok" : "bad",
        `Only ${pct(t)} of sentences contain a transition word (aim for 30%): link ideas with "because", "however", "for example"…`,
      ];
    },
  },
  {
    id: "flesch-reading-ease",
    label: "Flesch reading ease",
    weight: 2,
    run: ({ flesch: f }) => {
      const fr = Math.round(f * 10) / 10;
      if (f > 60) return ["good", `Flesch reading ease ${fr}: easy enough to read.`];
      return [
        f >= 50 ? "ok" : "bad",
        `Flesch reading ease ${fr} (aim above 60): use shorter sentences and simpler words.`,
      ];
    },
  },
  {
    id: "consecutive-sentences",
    label: "Consecutive sentences",
    weight: 1,
    run: (r) => {
      let runs = 0;
      const firsts = r.sentences.map((s) => s.words[0] ?? "");
      for (let i = 2; i < firsts.length; i++) {
        const w = firsts[i];
        if (w && w === firsts[i - 1] && w === firsts[i - 2] && (i < 3 || firsts[i - 3] !== w)) runs++;
      }
      if (runs === 0) return ["good", "No three consecutive sentences start with the same word."];
      return [
        "bad",
        `${runs} place(s) where three or more sentences in a row start with the same word: vary the openings.`,
      ];
    },
  },
  {
    id: "image-alt",
    label: "Images and alt text",
    weight: 1,
    run: ({ media: { alts } }) => {
      const noAlt = alts.filter((a) => a.trim().length === 0).length;
      if (alts.length === 0) return ["ok", "Add at least one image with descriptive alt text."];
      if (noAlt === 0) return ["good", `${alts.length} image(s), all with alt text.`];
      return ["bad", `${noAlt} image(s) lack alt text: describe them.`];
    },
  },
  {
    id: "internal-links",
    label: "Internal links",
    weight: 1,
    run: (r) => {
      const n = pageLinks(r).filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l)).length;
      return n > 0 ? ["good", `${n} internal link(s).`] : ["ok", "Link to at least one related page on your own site."];
    },
  },
  {
    id: "outbound-links",
    label: "Outbound links",
    weight: 1,
    run: (r) => {
      const n = pageLinks(r).filter((l) => /^https?:\/\//i.test(l)).length;
      return n > 0 ? ["good", `${n} outbound link(s).`] : ["ok", "Link to at least one trustworthy outside source."];
    },
  },
];

const WEIGHTS = new Map(CHECKS.map((c) => [c.id, c.weight]));

const pageLinks = (r: Reading) => r.media.links.filter((l) => l && !l.startsWith("#"));
const stemsOf = (text: string) => contentWords(text).map(stem);

/** Image alts and link targets of a hast tree (what the page will show). */
export function hastMedia(tree: HastRoot): { alts: string[]; links: string[] } {
  const alts: string[] = [];
  const links: string[] = [];
  const walk = (nodes: (HastContent | Element)[]) => {
    for (const n of nodes) {
      if (n.type !== "element") continue;
      const { alt, href } = n.properties;
      if (n.tagName === "img") alts.push(typeof alt === "string" ? alt : "");
      else if (n.tagName === "a" && typeof href === "string") links.push(href);
      walk(n.children);
    }
  };
  walk(tree.children);
  return { alts, links };
}

function read(input: AnalyzeSeoInput): Reading {
  const draft = input.draft ?? draftFromMarkdown(input.markdown ?? input.text ?? "");
  const blocks = draft.blocks;
  const prose = blocks.filter((b) => b.kind === "paragraph" || b.kind === "list-item");
  // One split: each block's sentences, and the count Flesch reads from the prose as one text.
  const split = blocksSentences(prose.map((b) => b.text));
  const sentences = split.perBlock.flat().map((s) => ({ words: words(s.toLowerCase()), count: countWords(s) }));
  const proseText = prose.map((b) => b.text).join("\n\n");
  // A word never spans the white space that joins blocks: the words of joined blocks are theirs.
  const counts = new Map(blocks.map((b) => [b, countWords(b.text)]));
  const wordsIn = (b: TextBlock) => counts.get(b) ?? 0;
  const sumWords = (bs: TextBlock[]) => bs.reduce((n, b) => n + wordsIn(b), 0);
  return {
    input,
    kp: input.keyphrase.trim(),
    blocks,
    paragraphs: blocks.filter((b) => b.kind === "paragraph"),
    headings: blocks.filter((b) => b.kind === "heading" && b.depth <= 3),
    wordsIn,
    totalWords: sumWords(blocks),
    stems: blocks.flatMap((b) => (input.contentStems ?? stemsOf)(b.text)),
    sentences,
    proseWords: sumWords(prose),
    flesch: flesch(split.joinedCount, words(proseText)),
    media: input.html ? hastMedia(input.html) : { alts: draft.images.map((i) => i.alt), links: draft.links },
  };
}

export function analyzeSeo(input: AnalyzeSeoInput): SeoReport {
  const r = read(input);
  const checks: SeoCheck[] = [];
  for (const c of CHECKS) {
    const verdict = c.run(r);
    if (verdict) checks.push({ id: c.id, label: c.label, status: verdict[0], advice: verdict[1] });
  }
  return { score: scoreOf(checks), checks };
}

export function scoreOf(checks: SeoCheck[]): number {
  let total = 0;
  let got = 0;
  for (const c of checks) {
    const w = WEIGHTS.get(c.id) ?? 1;
    total += w;
    got += c.status === "good" ? w : c.status === "ok" ? w / 2 : 0;
  }
  return total > 0 ? Math.round((got * 100) / total) : 0;
}

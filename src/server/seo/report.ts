// Yoast-like SEO and readability analysis, computed by our own code (thresholds: docs/seo.md): a
// table of small checks over one reading of the draft (blocks, sentences and stems computed once).
import type { Element, RootContent as HastContent, Root as HastRoot } from "hast";
import { countOf } from "../../shared/plural";
import type { SeoCheck, SeoCheckStatus, SeoReport } from "../../shared/seo";
import { blockSentences, blocksSentences, countWords } from "../../shared/text";
import { META_DESCRIPTION_MAX, META_DESCRIPTION_MIN, META_TITLE_MAX } from "./meta";
import {
  contentWords,
  draftFromMarkdown,
  type ParsedDraft,
  STOP_WORDS,
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

// Transition words and phrases (our own list of common English connectives; Yoast's thresholds).
const TRANSITION_SINGLE = new Set(
  (
    "accordingly additionally afterward afterwards albeit also although altogether another because before " +
    "besides but consequently conversely correspondingly finally firstly further furthermore hence however if " +
    "instead lastly likewise meanwhile moreover namely nevertheless nonetheless notably otherwise overall " +
    "particularly previously secondly similarly since so specifically subsequently then therefore thirdly thus " +
    "ultimately unless unlike until when whenever whereas whether while especially eventually initially " +
    "admittedly undoubtedly certainly obviously clearly importantly indeed later lest soon than though"
  ).split(/\s+/),
);

const TRANSITION_MULTI = [
  "as a result",
  "at first",
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
  "not only",
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

/**
 * The text in document order as Yoast reads it, sentence by sentence: each heading is one item (it
 * ends a run of sentences), then the sentences of each paragraph or list item.
 */
interface FlowItem {
  kind: "heading" | "paragraph" | "list-item";
  words: string[];
}

/** What every check reads, computed once per report. */
interface Reading {
  input: AnalyzeSeoInput;
  kp: string;
  /** Stems of the keyphrase's content words. */
  kpStems: string[];
  blocks: TextBlock[];
  paragraphs: TextBlock[];
  /** H1–H3 of the body. */
  headings: TextBlock[];
  /** Words of a block (countWords), counted once. */
  wordsIn: (block: TextBlock) => number;
  totalWords: number;
  sentences: Sentence[];
  flow: FlowItem[];
  proseWords: number;
  flesch: number;
  media: { alts: string[]; links: string[]; h1s: number };
}

/**
 * A verdict: its status, one line of advice, and its points out of 9 in the score (Yoast's scale:
 * good 9, ok 6, bad 3 unless given; penalties below 0 for stuffing and very short texts).
 */
type Verdict = [SeoCheckStatus, string, number?];

const POINTS: Record<SeoCheckStatus, number> = { good: 9, ok: 6, bad: 3 };

/** A check: its id, label and the verdict (null: not applicable). */
interface CheckDef {
  id: string;
  label: string;
  run(r: Reading): Verdict | null;
}

const share = (r: Reading, test: (s: Sentence) => boolean) =>
  r.sentences.length > 0 ? (r.sentences.filter(test).length * 100) / r.sentences.length : 0;

/** A keyphrase check: "Set a focus keyphrase" on the first when there is none, skipped on the others. */
const withKeyphrase =
  (run: (r: Reading, kp: string) => Verdict, first = false) =>
  (r: Reading): Verdict | null =>
    r.kp && r.kpStems.length > 0
      ? run(r, r.kp)
      : first
        ? ["bad", "Set a focus keyphrase of 1–4 words (not only stop words like “the” or “how”).", -999]
        : null;

/** The share (0–1) of the keyphrase's content words found among `stems`. */
function kpShare(r: Reading, stems: Iterable<string>): number {
  const have = new Set(stems);
  return r.kpStems.filter((k) => have.has(k)).length / r.kpStems.length;
}

const stemsOfWords = (ws: readonly string[]) => ws.map(stem);

/** Yoast's minimum and maximum keyphrase counts for a text of `n` words (its keyphrase length factor). */
export function keyphraseCountRange(kpWords: number, n: number): [number, number] {
  const factor = 0.7 + kpWords / 3;
  const at = (density: number) => (density * n) / (100 * factor);
  return [Math.max(2, Math.ceil(at(0.5))), Math.max(2, Math.floor(at(3)))];
}

/** Occurrences of the keyphrase in one sentence: all its words in the sentence, any order (Yoast's count). */
function sentenceKpCount(r: Reading, ws: readonly string[]): number {
  const counts = new Map<string, number>(r.kpStems.map((k) => [k, 0]));
  for (const w of ws) {
    const s = stem(w);
    const c = counts.get(s);
    if (c !== undefined) counts.set(s, c + 1);
  }
  return Math.min(...counts.values());
}

const CHECKS: CheckDef[] = [
  {
    id: "keyphrase-length",
    label: "Keyphrase length",
    run: withKeyphrase((r) => {
      const n = r.kpStems.length;
      if (n <= 4) return ["good", `The keyphrase has ${countOf(n, "content word")}.`];
      if (n <= 8) return ["ok", `The keyphrase has ${n} content words: aim for at most 4, a phrase people search.`];
      return ["bad", `The keyphrase has ${n} content words: that is a sentence, not a search; keep 1–4.`];
    }, true),
  },
  {
    id: "keyphrase-title",
    label: "Keyphrase in title",
    run: withKeyphrase((r, kp) => {
      const tw = words(r.input.title.toLowerCase());
      const kw = words(kp.toLowerCase());
      const tStems = stemsOfWords(tw);
      const kStems = stemsOfWords(kw);
      let at = -1;
      for (let i = 0; at < 0 && i + kStems.length <= tStems.length; i++)
        if (kStems.every((k, j) => tStems[i + j] === k)) at = i;
      if (at >= 0 && tw.slice(0, at).every((w) => STOP_WORDS.has(w)))
        return ["good", "The title starts with the keyphrase."];
      if (at >= 0) return ["ok", `The title has the keyphrase but not at its start: begin the title with "${kp}".`];
      if (kpShare(r, tStems) === 1)
        return ["ok", `The title has the keyphrase's words but not as a phrase: begin it with "${kp}".`];
      return ["bad", `Put "${kp}" in the SEO title, at its start.`, 2];
    }),
  },
  {
    id: "keyphrase-intro",
    label: "Keyphrase in introduction",
    run: withKeyphrase((r, kp) => {
      const first = r.paragraphs[0]?.text ?? "";
      const sentences = blockSentences(first);
      if (sentences.some((s) => kpShare(r, stemsOfWords(words(s.toLowerCase()))) === 1))
        return ["good", "The first paragraph mentions the keyphrase."];
      if (kpShare(r, stemsOfWords(words(first.toLowerCase()))) === 1)
        return ["ok", `The first paragraph has the keyphrase's words, but not in one sentence: say "${kp}" in one.`];
      return ["bad", `Mention "${kp}" in the first paragraph.`];
    }),
  },
  {
    id: "keyphrase-subheading",
    label: "Keyphrase in subheadings",
    run: withKeyphrase((r, kp) => {
      const n = r.headings.length;
      if (n === 0)
        return r.totalWords >= 300
          ? ["bad", `Add H2 or H3 subheadings, some of them with "${kp}".`, 2]
          : ["good", "The text is short enough to need no subheadings."];
      const sub = r.headings.filter((hd) => kpShare(r, stemsOfWords(words(hd.text.toLowerCase()))) > 0.5).length;
      const min = Math.ceil(n * 0.3);
      const max = Math.floor(n * 0.75);
      if (sub === 0) return ["bad", `Use "${kp}" (or its words) in 30–75% of the H2 and H3 subheadings.`];
      if (n > 1 && sub > max)
        return ["bad", `${sub} of ${n} subheadings repeat the keyphrase (over 75%): vary some of them.`];
      if (n > 1 && sub < min)
        return ["bad", `Only ${sub} of ${n} subheadings reflect the keyphrase: use it in 30–75% of them.`];
      return ["good", `${sub} of ${n} subheadings reflect the keyphrase.`];
    }),
  },
  {
    id: "keyphrase-slug",
    label: "Keyphrase in slug",
    run: withKeyphrase((r, kp) => {
      const got = kpShare(r, stemsOfWords(words(r.input.slug.replace(/-/g, " ").toLowerCase())));
      if (got === 1) return ["good", "The slug contains the keyphrase."];
      if (got > 0.5) return ["ok", `The slug has most of the keyphrase's words: use all of them, e.g. ${slugify(kp)}.`];
      return ["bad", `Use the keyphrase in the slug, e.g. ${slugify(kp)}.`];
    }),
  },
  {
    id: "keyphrase-meta",
    label: "Keyphrase in meta description",
    run: withKeyphrase((r, kp) => {
      const n = blockSentences(r.input.metaDescription).reduce(
        (a, s) => a + sentenceKpCount(r, words(s.toLowerCase())),
        0,
      );
      if (n === 0) return ["bad", `Mention "${kp}" in the meta description.`];
      if (n > 2) return ["bad", `The meta description repeats the keyphrase ${n} times: once or twice is enough.`];
      return ["good", "The meta description contains the keyphrase."];
    }),
  },
  {
    id: "keyphrase-density",
    label: "Keyphrase density",
    run: withKeyphrase((r) => {
      const n = r.flow.reduce((a, s) => a + sentenceKpCount(r, s.words), 0);
      const w = r.totalWords;
      const times = (k: number) => countOf(k, "time");
      if (w < 100) {
        const max = w > 50 ? 2 : 1;
        if (n === 0) return ["bad", "The keyphrase does not occur: use it at least once.", 4];
        if (n <= max) return ["good", `The keyphrase occurs ${times(n)}.`];
        return ["bad", `The keyphrase occurs ${times(n)}: at most ${max} suits a text this short.`, -10];
      }
      const kpWords = r.kpStems.length;
      const [min, max] = keyphraseCountRange(kpWords, w);
      const density = ((n * 100) / w) * (0.7 + kpWords / 3);
      const said = `The keyphrase occurs ${times(n)} in ${countOf(w, "word")}`;
      if (n === 0 || n === 1 || density < 0.5)
        return ["bad", `${said}: fewer than the minimum of ${min} for this length. Use it more.`, 4];
      if (density <= 3 || (n === 2 && min <= 2)) return ["good", `${said}, within ${min}–${max}.`];
      if (density <= 4)
        return ["bad", `${said}: more than the maximum of ${max}. That reads as stuffing: use synonyms.`, -10];
      return ["bad", `${said}: far more than the maximum of ${max}. That is keyword stuffing: cut most of them.`, -50];
    }),
  },
  {
    id: "keyphrase-distribution",
    label: "Keyphrase distribution",
    run: withKeyphrase((r, kp) => {
      const full = r.kpStems.length < 4;
      const topic = r.flow.map((s) => {
        const got = kpShare(r, stemsOfWords(s.words));
        return full ? got === 1 : got >= 0.5;
      });
      let distraction = 100;
      if (topic.length >= 15) {
        let gap = 0;
        let last = -1;
        topic.forEach((t, i) => {
          if (t) {
            gap = Math.max(gap, i - last - 1);
            last = i;
          }
        });
        gap = last < 0 ? topic.length : Math.max(gap, topic.length - last - 1);
        distraction = (gap * 100) / topic.length;
      } else if (topic.includes(true)) distraction = 10;
      if (distraction >= 100) return ["bad", `"${kp}" never occurs in the text: use it throughout.`, 1];
      if (distraction > 50)
        return ["bad", `Over half the text (${pct(distraction)}) runs without the keyphrase: spread it evenly.`, 1];
      if (distraction > 30)
        return ["ok", `A stretch of ${pct(distraction)} of the text lacks the keyphrase: spread it more evenly.`];
      return ["good", "The keyphrase is spread evenly through the text."];
    }),
  },
  {
    id: "keyphrase-image-alt",
    label: "Keyphrase in image alt text",
    run: withKeyphrase((r, kp) => {
      const alts = r.media.alts;
      if (alts.length === 0) return ["bad", `Add an image whose alt text describes it with "${kp}".`];
      const withAlt = alts.filter((a) => a.trim());
      const hits = withAlt.filter((a) => kpShare(r, stemsOfWords(words(a.toLowerCase()))) >= 0.5).length;
      const n = alts.length;
      if (withAlt.length === 0) return ["ok", `The images have no alt text: describe them, one with "${kp}".`];
      if (hits === 0) return ["ok", `No image's alt text reflects the keyphrase: use "${kp}" where it fits the image.`];
      if (n <= 4) return ["good", `${hits} of ${n} image(s) have the keyphrase in their alt text.`];
      const [min, max] = [Math.ceil(n * 0.3), Math.floor(n * 0.75)];
      if (hits < min)
        return ["ok", `Only ${hits} of ${n} images have the keyphrase in their alt text: aim for 30–75%.`];
      if (hits > max)
        return ["ok", `${hits} of ${n} images repeat the keyphrase in their alt text: that is a bit much.`];
      return ["good", `${hits} of ${n} images have the keyphrase in their alt text.`];
    }),
  },
  {
    id: "images",
    label: "Images",
    run: ({ media: { alts } }) =>
      alts.length > 0
        ? ["good", `${alts.length} image(s).`]
        : ["bad", "Add at least one image (an image URL, or an image in the draft)."],
  },
  {
    id: "image-alt",
    label: "Image alt text",
    run: ({ media: { alts } }) => {
      if (alts.length === 0) return null;
      const noAlt = alts.filter((a) => a.trim().length === 0).length;
      if (noAlt === 0) return ["good", `${alts.length} image(s), all with alt text.`];
      return ["bad", `${noAlt} image(s) lack alt text: describe them.`];
    },
  },
  {
    id: "single-h1",
    label: "Single title",
    run: ({ media: { h1s } }) =>
      h1s === 0
        ? ["good", "The title is the page's only H1: the body's headings start at H2.", 8]
        : ["bad", `The body has ${h1s} H1 heading(s) besides the title: make them H2s.`, 1],
  },
  {
    id: "title-length",
    label: "SEO title length",
    run: (r) => {
      const tl = r.input.title.trim().length;
      if (tl === 0) return ["bad", "Add an SEO title.", 1];
      if (tl > META_TITLE_MAX)
        return [
          "bad",
          `The title has ${tl} characters: keep it within ${META_TITLE_MAX} so search results do not cut it.`,
        ];
      if (tl < 30) return ["good", `The title has ${tl} characters (there is room for a few more words).`];
      return ["good", `The title has ${tl} characters.`];
    },
  },
  {
    id: "meta-length",
    label: "Meta description length",
    run: (r) => {
      const ml = r.input.metaDescription.trim().length;
      if (ml === 0) return ["bad", "Write a meta description.", 1];
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
    run: ({ totalWords: n }) => {
      if (n >= 300) return ["good", `${countOf(n, "word")}.`];
      const more = "write at least 300 so the page has enough substance to rank.";
      if (n >= 250) return ["ok", `${countOf(n, "word")}, a little under 300: ${more}`];
      if (n >= 200) return ["bad", `${countOf(n, "word")}: ${more}`];
      return ["bad", `${countOf(n, "word")}, far too few: ${more}`, n >= 100 ? -10 : -20];
    },
  },
  {
    id: "subheading-distribution",
    label: "Subheading distribution",
    run: (r) => {
      // words per section (text before the first subheading counts as a section)
      const sections: number[] = [0];
      for (const b of r.blocks) {
        if (b.kind === "heading") sections.push(0);
        else sections[sections.length - 1] += r.wordsIn(b);
      }
      const longest = Math.max(...sections);
      const long = sections.filter((n) => n > 300).length;
      if (r.headings.length === 0)
        return r.totalWords > 300
          ? ["bad", "Add subheadings: the text has none.", 2]
          : ["good", "The text is short enough to need no subheadings."];
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
    run: (r) => {
      if (r.proseWords < 200) return ["good", "The text is short enough to need few transition words."];
      const t = share(r, (s) => transitionWords(s.words));
      if (t >= 30) return ["good", `${pct(t)} of sentences contain a transition word.`];
      return [
        t >= 20 ? "ok" : "bad",
        `Only ${pct(t)} of sentences contain a transition word (aim for 30%): link ideas with "so", "because", "for example"…`,
      ];
    },
  },
  {
    id: "flesch-reading-ease",
    label: "Flesch reading ease",
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
    run: (r) => {
      // Yoast's reading: lists are left out, a heading is a sentence of its own (it ends a run), and
      // a sentence opening with an article, a number or a demonstrative is known by its first two words.
      const firsts = r.flow
        .filter((s) => s.kind !== "list-item")
        .map((s) => {
          const [a = "", b = ""] = s.words;
          return FIRST_WORD_PAIRS.has(a) && b ? `${a} ${b}` : a;
        });
      let runs = 0;
      let len = 0;
      firsts.forEach((w, i) => {
        len = w && w === firsts[i - 1] ? len + 1 : 1;
        if (len === 3) runs++;
      });
      if (runs === 0) return ["good", "No three consecutive sentences start with the same word."];
      return [
        "bad",
        `${runs} place(s) where three or more sentences in a row start with the same word: vary the openings.`,
      ];
    },
  },
  {
    id: "internal-links",
    label: "Internal links",
    run: (r) => {
      const n = pageLinks(r).filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l)).length;
      return n > 0
        ? ["good", `${n} internal link(s).`]
        : ["bad", "No internal links: link to at least one related page on your own site."];
    },
  },
  {
    id: "outbound-links",
    label: "Outbound links",
    run: (r) => {
      const n = pageLinks(r).filter((l) => /^https?:\/\//i.test(l)).length;
      return n > 0
        ? ["good", `${n} outbound link(s).`]
        : ["bad", "No outbound links: link to at least one trustworthy outside source."];
    },
  },
];

/** Openings known by their first two words (articles, numbers one to ten, demonstratives). */
const FIRST_WORD_PAIRS = new Set(
  "the a an one two three four five six seven eight nine ten this that these those".split(" "),
);

const pageLinks = (r: Reading) => r.media.links.filter((l) => l && !l.startsWith("#"));

/** Image alts, link targets and H1s of a hast tree (what the page will show). */
export function hastMedia(tree: HastRoot): { alts: string[]; links: string[]; h1s: number } {
  const alts: string[] = [];
  const links: string[] = [];
  let h1s = 0;
  const walk = (nodes: (HastContent | Element)[]) => {
    for (const n of nodes) {
      if (n.type !== "element") continue;
      const { alt, href } = n.properties;
      if (n.tagName === "img") alts.push(typeof alt === "string" ? alt : "");
      else if (n.tagName === "a" && typeof href === "string") links.push(href);
      else if (n.tagName === "h1") h1s++;
      walk(n.children);
    }
  };
  walk(tree.children);
  return { alts, links, h1s };
}

function read(input: AnalyzeSeoInput): Reading {
  const draft = input.draft ?? draftFromMarkdown(input.markdown ?? input.text ?? "");
  const blocks = draft.blocks;
  const prose = blocks.filter((b) => b.kind === "paragraph" || b.kind === "list-item");
  // One split: each block's sentences, and the count Flesch reads from the prose as one text.
  const split = blocksSentences(prose.map((b) => b.text));
  const sentenceOf = new Map<string, string[]>();
  const sentences: Sentence[] = [];
  const perBlock = new Map<TextBlock, Sentence[]>();
  prose.forEach((b, i) => {
    const own = (split.perBlock[i] ?? []).map((s) => {
      let ws = sentenceOf.get(s);
      if (!ws) {
        ws = words(s.toLowerCase());
        sentenceOf.set(s, ws);
      }
      return { words: ws, count: countWords(s) };
    });
    perBlock.set(b, own);
    sentences.push(...own);
  });
  const flow: FlowItem[] = [];
  for (const b of blocks) {
    if (b.kind === "heading") flow.push({ kind: "heading", words: words(b.text.toLowerCase()) });
    else if (b.kind !== "other") for (const s of perBlock.get(b) ?? []) flow.push({ kind: b.kind, words: s.words });
  }
  const proseText = prose.map((b) => b.text).join("\n\n");
  // A word never spans the white space that joins blocks: the words of joined blocks are theirs.
  const counts = new Map(blocks.map((b) => [b, countWords(b.text)]));
  const wordsIn = (b: TextBlock) => counts.get(b) ?? 0;
  const sumWords = (bs: TextBlock[]) => bs.reduce((n, b) => n + wordsIn(b), 0);
  const kp = input.keyphrase.trim();
  const media = input.html
    ? hastMedia(input.html)
    : {
        alts: draft.images.map((i) => i.alt),
        links: draft.links,
        h1s: blocks.filter((b) => b.kind === "heading" && b.depth === 1).length,
      };
  return {
    input,
    kp,
    kpStems: contentWords(kp).map(stem),
    blocks,
    paragraphs: blocks.filter((b) => b.kind === "paragraph"),
    headings: blocks.filter((b) => b.kind === "heading" && b.depth <= 3),
    wordsIn,
    totalWords: sumWords(blocks),
    sentences,
    flow,
    proseWords: sumWords(prose),
    flesch: flesch(split.joinedCount, words(proseText)),
    media,
  };
}

export function analyzeSeo(input: AnalyzeSeoInput): SeoReport {
  const r = read(input);
  const checks: SeoCheck[] = [];
  const points: number[] = [];
  for (const c of CHECKS) {
    const verdict = c.run(r);
    if (!verdict) continue;
    checks.push({ id: c.id, label: c.label, status: verdict[0], advice: verdict[1] });
    points.push(verdict[2] ?? POINTS[verdict[0]]);
  }
  return { score: scoreOf(points), checks };
}

/**
 * The overall score as Yoast computes its own: the checks' points (9 for good) summed over 9 × the
 * number of checks, 0–100; a penalty (stuffing, a very short text) can pull it far down.
 */
export function scoreOf(points: readonly number[]): number {
  if (points.length === 0) return 0;
  const sum = points.reduce((a, b) => a + b, 0);
  return Math.max(0, Math.min(100, Math.round((sum * 100) / (9 * points.length))));
}

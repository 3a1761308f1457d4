// Meta fields: keyphrase inference, meta title, meta description, slug, JSON-LD (Article, FAQPage).
import { blockSentences, capitalize, eachBlockSentence } from "../../shared/text";
import {
  containsKeyphrase,
  contentWords,
  countKeyphraseIn,
  cutAtHyphen,
  cutAtWord,
  STOP_WORDS,
  slugify,
  stem,
  words,
} from "./text";

export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MIN = 120;
export const META_DESCRIPTION_MAX = 156;
export const SLUG_MAX = 75;

/**
 * Keyphrase of 1–4 content words taken from the title: the longest run of consecutive title content
 * words that the body repeats at least twice (ties: the most frequent, then the earliest); else the
 * first three content words of the title.
 */
export function inferKeyphrase(title: string, body: string): string {
  return keyphraseFromStems(title, contentWords(body).map(stem)); // once, not per candidate
}

/** inferKeyphrase with the body given as the stems of its content words. */
export function keyphraseFromStems(title: string, stems: readonly string[]): string {
  const seq = contentWords(title);
  if (seq.length === 0) return "";
  let best: { phrase: string; n: number; count: number } | undefined;
  for (let n = Math.min(4, seq.length); n >= 1; n--) {
    for (let i = 0; i + n <= seq.length; i++) {
      const phrase = seq.slice(i, i + n).join(" ");
      const count = countKeyphraseIn(stems, phrase);
      if (count < 2) continue;
      if (!best || n > best.n || (n === best.n && count > best.count)) best = { phrase, n, count };
    }
    if (best) break;
  }
  return best ? best.phrase : seq.slice(0, 3).join(" ");
}

export function buildMetaTitle(title: string): string {
  return cutAtWord(title, META_TITLE_MAX).replace(/[\s,;:–—|-]+$/u, "");
}

const FILLERS = [
  "A practical guide with clear steps and examples.",
  "Read on for the details, the steps and answers to common questions.",
  "Everything you need to know, explained simply.",
];

/**
 * 120–156 characters from the introduction (then the body), cut at word boundaries, always containing
 * the keyphrase (prefixed when the text lacks it).
 */
export function buildMetaDescription(intro: string, body: string, keyphrase: string): string {
  // The intro's sentences, then the body's that the intro lacks: split only as far as they are read.
  const pool = blockSentences(intro);
  const rest = eachBlockSentence(body);
  const at = (i: number): string | undefined => {
    while (pool.length <= i) {
      const s = rest.next();
      if (s.done) return undefined;
      if (!intro.includes(s.value)) pool.push(s.value);
    }
    return pool[i];
  };
  let desc = "";
  const kp = keyphrase.trim();
  let i = 0;
  for (let s = at(i); s !== undefined; s = at(++i)) {
    const next = desc ? `${desc} ${s}` : s;
    if (next.length > META_DESCRIPTION_MAX) break;
    desc = next;
  }
  const first = at(0);
  if (kp && !containsKeyphrase(desc || first || "", kp)) desc = desc ? `${capitalize(kp)}: ${desc}` : capitalize(kp);
  else if (!desc && first) desc = first;
  let filler = 0;
  while (desc.length < META_DESCRIPTION_MIN) {
    const s = at(i);
    if (s !== undefined) i++;
    const next = s ?? (filler < FILLERS.length ? FILLERS[filler++] : undefined);
    if (!next) break;
    desc = desc ? `${desc} ${next}` : next;
  }
  if (desc.length > META_DESCRIPTION_MAX) desc = `${cutAtWord(desc, META_DESCRIPTION_MAX - 1)}…`;
  if (kp && !containsKeyphrase(desc, kp))
    desc = `${cutAtWord(`${capitalize(kp)}: ${desc}`, META_DESCRIPTION_MAX - 1)}…`;
  return desc;
}

/** Lowercase ASCII, hyphens, stop words dropped, keyphrase words included, at most 75 characters. */
export function buildSlug(title: string, keyphrase: string): string {
  const base = words(title.toLowerCase()).filter((w) => !STOP_WORDS.has(w));
  let parts = base;
  if (keyphrase && !containsKeyphrase(base.join(" "), keyphrase)) parts = [...contentWords(keyphrase), ...base];
  const unique = [...new Set(parts)];
  const slug = slugify(unique.join(" "), SLUG_MAX);
  return cutAtHyphen(slug || slugify(title, SLUG_MAX) || "post", SLUG_MAX);
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export function buildJsonLd(opts: {
  headline: string;
  description: string;
  datePublished: string;
  image?: string;
  author?: string;
  keyphrase?: string;
  wordCount?: number;
  faq: FaqEntry[];
}): Record<string, unknown>[] {
  const article: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: cutAtWord(opts.headline, 110),
    description: opts.description,
    datePublished: opts.datePublished,
    dateModified: opts.datePublished,
  };
  if (opts.image) article.image = [opts.image];
  if (opts.author) article.author = { "@type": "Person", name: opts.author };
  if (opts.keyphrase) article.keywords = opts.keyphrase;
  if (opts.wordCount) article.wordCount = opts.wordCount;
  const out = [article];
  if (opts.faq.length > 0) {
    out.push({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: opts.faq.map((f) => ({
        "@type": "Question",
        name: f.question,
        acceptedAnswer: { "@type": "Answer", text: f.answer },
      })),
    });
  }
  return out;
}

/** JSON safe inside a `<script>` element: `<`, `>`, `&`, U+2028/2029 escaped. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function jsonLdScript(objects: Record<string, unknown>[]): string {
  return objects.map((o) => `<script type="application/ld+json">${jsonForScript(o)}</script>`).join("\n");
}

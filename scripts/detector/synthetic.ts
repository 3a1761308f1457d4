/**
 * Synthetic texts for the two cases issue 25 names and neither data set holds (training-only; used by
 * scripts/detector/eval.ts, never by requests):
 *
 * - `lightPolish(humanText)`: a human text after a model's light polish, imitated by rule — no model runs
 *   here, so this is a stand-in, not a model's output. What chat models do when asked to "polish" a text,
 *   in small doses: about one plain word in four sentences becomes its AI-vocabulary counterpart
 *   ("important" → "crucial", "use" → "leverage"), every fourth sentence gains an essay connective
 *   ("Moreover, "), contractions are expanded, a lower-case "i" is capitalised, and missing apostrophes
 *   are restored.
 * - `lightEdit(aiText)`: a model's draft lightly edited by a person, imitated by the offline reviser
 *   (src/server/writing/offline: the habits a careful editor removes — stock phrases, AI vocabulary,
 *   connectives, significance tails, contractions added, long sentences split).
 *
 * Both are deterministic (no random numbers: choices follow the sentence index), so the evaluation is
 * reproducible. Because the polish is written from the same catalogue of habits the detector reads, the
 * polish figures say whether the verdict reacts to those habits, not how it fares against a real model's
 * polish; docs/detector.md says so.
 */
import { reviseTextOffline } from "../../src/server/writing/offline";
import { splitSentences } from "../../src/shared/text";

/** Plain word → what a polishing model tends to put instead (whole words, lower case). */
const POLISH_WORDS: Record<string, string> = {
  important: "crucial",
  use: "leverage",
  uses: "leverages",
  used: "leveraged",
  using: "leveraging",
  improve: "enhance",
  improves: "enhances",
  improved: "enhanced",
  improving: "enhancing",
  show: "showcase",
  shows: "showcases",
  showed: "showcased",
  help: "foster",
  helps: "fosters",
  many: "numerous",
  big: "significant",
  key: "pivotal",
  careful: "meticulous",
  carefully: "meticulously",
  full: "comprehensive",
  strong: "robust",
  busy: "bustling",
  deep: "profound",
  complex: "intricate",
  area: "realm",
  field: "landscape",
  start: "embark on",
  handle: "navigate",
  lively: "vibrant",
  famous: "renowned",
  new: "innovative",
  good: "remarkable",
  great: "exceptional",
  very: "truly",
  get: "obtain",
  gets: "obtains",
  got: "obtained",
  also: "additionally",
  but: "however,",
};
const CONNECTIVES = ["Moreover, ", "Additionally, ", "Furthermore, ", "Ultimately, "];
const EXPANSIONS: [RegExp, string][] = [
  [/\b([Cc])an't\b/g, "$1annot"],
  [/\b([Ww])on't\b/g, "$1ill not"],
  [/\b(\w+)n't\b/g, "$1 not"],
  [/\b([Ii])t's\b/g, "$1t is"],
  [/\b([Tt])hat's\b/g, "$1hat is"],
  [/\b(\w+)'re\b/g, "$1 are"],
  [/\b(\w+)'ve\b/g, "$1 have"],
  [/\b(\w+)'ll\b/g, "$1 will"],
  [/\bI'm\b/g, "I am"],
  [/\bdont\b/g, "do not"],
  [/\bcant\b/g, "cannot"],
  [/\bim\b/g, "I am"],
  [/\bi\b/g, "I"],
];
const WORD_RE = new RegExp(`\\b(${Object.keys(POLISH_WORDS).join("|")})\\b`, "i");

/** One sentence polished: at most one word replaced, an essay connective on every fourth sentence. */
function polishSentence(sentence: string, index: number): string {
  let out = sentence;
  for (const [re, to] of EXPANSIONS) out = out.replace(re, to);
  if (index % 2 === 0) {
    out = out.replace(WORD_RE, (word) => {
      const to = POLISH_WORDS[word.toLowerCase()];
      return /^[A-Z]/.test(word) ? to[0].toUpperCase() + to.slice(1) : to;
    });
  }
  if (index % 4 === 1 && /^[A-Z]/.test(out)) {
    out = CONNECTIVES[(index >> 2) % CONNECTIVES.length] + out[0].toLowerCase() + out.slice(1);
  }
  return out;
}

export function lightPolish(text: string): string {
  const spans = splitSentences(text);
  let out = "";
  let at = 0;
  spans.forEach((span, i) => {
    out += text.slice(at, span.start) + polishSentence(span.text, i);
    at = span.end;
  });
  return out + text.slice(at);
}

export function lightEdit(text: string): string {
  return reviseTextOffline(text);
}

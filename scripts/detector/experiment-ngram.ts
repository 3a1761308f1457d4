/**
 * Issue 25, third round: predictability features from small n-gram models, measured leave-one-domain-out.
 * An experiment, not part of training: nothing here reaches model.json.
 *
 *   nice -n 10 npx tsx scripts/detector/experiment-ngram.ts
 *
 * The base is the shipped document model's inputs (44 features + 3 stacked lexicon scores). Each candidate
 * adds columns, the logistic model (L2 100) is fitted on the eight training domains and scores the ninth.
 * Every n-gram model a text is scored with was counted without that text's domain: a test text's model
 * without the left-out domain, a training text's without the left-out domain and its own (stacking, as the
 * lexicons are), so no count ever comes from the domain being scored.
 *
 * The n-gram models are Dirichlet-smoothed word trigram models, one of the AI half and one of the human half:
 *   P(w | u v) = (c(u v w) + k · P(w | v)) / (c(u v ·) + k), down to add-one unigrams.
 * Counts add over domains, so a model "without domains E" is the total minus E's counts: no rebuild per fold.
 */
import { analyzeDocument } from "../../src/server/detection/features";
import { LEXICON_KINDS, lexiconScore } from "../../src/server/detection/lexicon";
import { splitSentences } from "../../src/shared/text";
import { readTrainingTexts } from "./dataset";
import { experimentEvaluator } from "./experiment-eval";
import { DOCUMENT_MODEL_FEATURES, makeFolds, prepare } from "./training";

type Counts = Map<string, number>;
const inc = (m: Counts, k: string, by = 1) => m.set(k, (m.get(k) ?? 0) + by);

const records = readTrainingTexts();
const texts = prepare(records);
const groups = [...new Set(texts.map((t) => t.group))].sort();
const t0 = performance.now();
const folds = makeFolds(texts);
console.error(`folds ${((performance.now() - t0) / 1000).toFixed(0)} s`);

/** Token streams per sentence: words, numbers as <num>, commas and other marks, with <s> </s>. */
const streams: string[][][] = records.map((r) =>
  analyzeDocument(splitSentences(r.text)).facts.map((f) =>
    f.stream.map((t) => (t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57 ? "<num>" : t)),
  ),
);

// Per-(domain, class) counts: n-grams (keys "w", "v w", "u v w") and histories ("|v", "|u v").
const counts = new Map<string, Counts>();
const key = (group: string, y: number) => `${group}/${y}`;
for (const g of groups) for (const y of [0, 1]) counts.set(key(g, y), new Map());
const total: Counts[] = [new Map(), new Map()];
texts.forEach((t, i) => {
  const m = counts.get(key(t.group, t.y))!;
  for (const s of streams[i]) {
    const seq = ["<s>", "<s>", ...s, "</s>"];
    for (let k = 2; k < seq.length; k++) {
      const u = seq[k - 2];
      const v = seq[k - 1];
      const w = seq[k];
      for (const target of [m, total[t.y]]) {
        inc(target, w);
        inc(target, "#");
        inc(target, `${v} ${w}`);
        inc(target, `|${v}`);
        inc(target, `${u} ${v} ${w}`);
        inc(target, `|${u} ${v}`);
      }
    }
  }
});
const vocabulary = new Set<string>();
for (const m of total) for (const k of m.keys()) if (!k.includes(" ") && !k.startsWith("|")) vocabulary.add(k);
const V = vocabulary.size + 1;

/** A count lookup for class y without the domains in `without`. */
function counter(y: number, without: readonly string[]) {
  const minus = without.map((g) => counts.get(key(g, y))!);
  return (k: string) => {
    let c = total[y].get(k) ?? 0;
    if (c === 0) return 0;
    for (const m of minus) c -= m.get(k) ?? 0;
    return c;
  };
}

interface LmOptions {
  order: 1 | 2 | 3;
  k: number;
  prune?: number;
}

/** Per-token log-probabilities of a text's streams under class y's model without `without`. */
function logProbs(i: number, y: number, without: readonly string[], options: LmOptions): number[][] {
  const own = counter(y, without);
  const other = counter(1 - y, without);
  const prune = options.prune ?? 1;
  const c = (k: string) => {
    const a = own(k);
    if (prune <= 1 || a === 0) return a;
    return a + other(k) >= prune ? a : 0;
  };
  const n = own("#");
  return streams[i].map((s) => {
    const seq = ["<s>", "<s>", ...s, "</s>"];
    const out: number[] = [];
    for (let k = 2; k < seq.length; k++) {
      const u = seq[k - 2];
      const v = seq[k - 1];
      const w = seq[k];
      let p = (c(w) + 1) / (n + V);
      if (options.order >= 2) p = (c(`${v} ${w}`) + options.k * p) / (c(`|${v}`) + options.k);
      if (options.order >= 3) p = (c(`${u} ${v} ${w}`) + options.k * p) / (c(`|${u} ${v}`) + options.k);
      out.push(Math.log(p));
    }
    return out;
  });
}

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
const sd = (v: readonly number[]) => {
  const m = mean(v);
  return Math.sqrt(mean(v.map((x) => (x - m) ** 2)));
};

const VARIANTS: [string, LmOptions][] = [
  ["uni", { order: 1, k: 1 }],
  ["bi", { order: 2, k: 3 }],
  ["tri", { order: 3, k: 3 }],
  ["biP2", { order: 2, k: 3, prune: 2 }],
  ["biP3", { order: 2, k: 3, prune: 3 }],
  ["biP5", { order: 2, k: 3, prune: 5 }],
  ["biK1", { order: 2, k: 1 }],
  ["biK10", { order: 2, k: 10 }],
  ["triP3", { order: 3, k: 3, prune: 3 }],
];
for (const m of [2, 3, 5]) {
  let uni = 0;
  let bi = 0;
  let tri = 0;
  const all = new Map<string, number>();
  for (const t of total) for (const [k, v] of t) all.set(k, (all.get(k) ?? 0) + v);
  for (const [k, v] of all) {
    if (v < m || k.startsWith("|") || k === "#") continue;
    const spaces = k.split(" ").length - 1;
    if (spaces === 0) uni++;
    else if (spaces === 1) bi++;
    else tri++;
  }
  console.log(`prune ${m}: ${uni} unigrams, ${bi} bigrams, ${tri} trigrams (both classes together)`);
}

/** Candidate features of text i, from models without `without`. */
function ngramFeatures(i: number, without: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, options] of VARIANTS) {
    const h = logProbs(i, 0, without, options);
    const a = logProbs(i, 1, without, options);
    const flatH = h.flat();
    const flatA = a.flat();
    const llr = flatA.map((x, j) => x - flatH[j]);
    out[`${name}Llr`] = mean(llr);
    out[`${name}HumanLogP`] = mean(flatH);
    out[`${name}AiLogP`] = mean(flatA);
    const sentenceLlr = a.map((s, j) => mean(s.map((x, t) => x - h[j][t]))).filter((_, j) => a[j].length >= 4);
    out[`${name}LlrSentenceSd`] = sentenceLlr.length > 1 ? sd(sentenceLlr) : 0;
    out[`${name}LlrPositiveShare`] = sentenceLlr.filter((x) => x > 0).length / Math.max(1, sentenceLlr.length);
    // Spread of surprise under the human model (burstiness of unexpected tokens).
    out[`${name}HumanSurpriseSd`] = sd(flatH);
  }
  return out;
}

// Candidate feature rows per fold: test texts without the left-out domain, training texts without it and
// their own domain.
const started = performance.now();
const candidateRows: Record<string, number>[][] = folds.map((fold) =>
  texts.map((t, i) =>
    t.group === fold.group ? ngramFeatures(i, [fold.group]) : ngramFeatures(i, [fold.group, t.group]),
  ),
);
console.error(`n-gram features ${((performance.now() - started) / 1000).toFixed(0)} s`);
const candidateNames = Object.keys(candidateRows[0][0]);

const baseRow = (foldIndex: number, i: number) => {
  const fold = folds[foldIndex];
  const t = texts[i];
  const lex =
    t.group === fold.group
      ? LEXICON_KINDS.map((kind) => lexiconScore(t.tokens[kind], t.tokens.totals[kind], fold.stacked.lexicons[kind]))
      : fold.stacked.scores.get(i)!;
  return [...t.documentVector, ...lex];
};
const baseRows = folds.map((_, f) => texts.map((_, i) => baseRow(f, i)));

const { evaluate, report } = experimentEvaluator({
  labels: texts.map((t) => t.y),
  folds,
  baseFeatures: DOCUMENT_MODEL_FEATURES,
  baseRows,
  candidateRows,
});

report("base", evaluate([]), 48);
for (const name of candidateNames) report(`+ ${name}`, evaluate([name]), 48);
for (const [name] of VARIANTS) {
  report(`alone ${name}Llr`, evaluate([`${name}Llr`], 100, false), 48);
  report(`+ ${name}Llr + PositiveShare`, evaluate([`${name}Llr`, `${name}LlrPositiveShare`]), 48);
}

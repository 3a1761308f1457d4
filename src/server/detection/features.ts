/**
 * Signals of machine-written prose, per sentence and per document.
 *
 * Two kinds of evidence, both cheap to compute:
 * - a lexicon of habits catalogued in Wikipedia's "Signs of AI writing"
 *   (stock phrases, recurring vocabulary, puffery, essay connectives, -ing
 *   significance tails, "not only … but also", lists of three), which also
 *   gives the human-readable reasons shown to the user;
 * - stylometric statistics (sentence rhythm, lexical variety, contractions,
 *   first person, specific numbers, informal marks) that generalise across
 *   generators better than any word list.
 *
 * Each sign alone proves nothing; the trained logistic model in builtin.ts
 * weighs them.
 */
import { type SentenceSpan, tokenizeWords } from "../../shared/text";
import wordFrequencies from "./word-frequencies.json" with { type: "json" };

/**
 * Word frequency as a Zipf value (log10 of occurrences per billion words; "the" ≈ 7.5, "tapestry" ≈ 3.0),
 * from SUBTLEX-US via word-frequencies.json (see derive-word-frequencies.ts). A unigram stand-in for a
 * language model's surprise: chat models reach for polished, mid-rare words ("intricate", "resonate"),
 * while people mix very common words with names, slang and typos the table has never seen.
 */
let zipfTable: Map<string, number> | undefined;
/** The table, built at the first word looked up rather than when the server loads (~40 ms here). */
function zipfTableOf(): Map<string, number> {
  if (zipfTable) return zipfTable;
  zipfTable = new Map();
  for (const [zipf, words] of Object.entries(wordFrequencies.zipf)) {
    const value = Number(zipf);
    for (const word of words.split(" ")) zipfTable.set(word, value);
  }
  return zipfTable;
}
const UNKNOWN_ZIPF = wordFrequencies.unknownZipf;
/** Below this a word is rare (≈ under 0.4 per million: names, slang, jargon, typos). */
const RARE_ZIPF = 2.6;
/** From RARE_ZIPF up to this, a word is "literary": known but uncommon in everyday English. */
const LITERARY_ZIPF = 3.6;

/** Zipf value of a lower-case word; contractions are looked up by their stem ("don't" → "don"). */
export function wordZipf(lower: string): number | undefined {
  const apostrophe = lower.indexOf("'");
  return zipfTableOf().get(apostrophe > 0 ? lower.slice(0, apostrophe) : lower);
}

/** Recurring "AI vocabulary". Inflected forms are listed so lookup is a Set hit per word. */
const AI_VOCABULARY = new Set(
  `delve delves delved delving tapestry tapestries landscape landscapes realm realms pivotal intricate intricacies
  intricately showcase showcases showcased showcasing foster fosters fostered fostering underscore underscores
  underscored underscoring testament crucial crucially multifaceted myriad nuanced nuances navigate navigates
  navigating navigated leverage leverages leveraging leveraged embark embarks embarked embarking unwavering
  resonate resonates resonated resonating meticulous meticulously paramount captivating enigmatic bustling
  commendable boast boasts boasting garner garnered garnering holistic synergy seamlessly elevate elevates
  elevating enhance enhances enhancing enhanced robust comprehensive noteworthy notably profound profoundly
  endeavor endeavors endeavour endeavours intertwined interplay encompass encompasses encompassing ever-evolving
  ever-changing underscoring realm vital essential invaluable indelible serene tranquil whimsical ethereal
  palpable camaraderie beacon symphony labyrinth kaleidoscope enduring steadfast amidst`.split(/\s+/),
);

/** Vague promotional adjectives ("puffery"). */
const PUFFERY = new Set(
  `vibrant breathtaking seamless stunning remarkable renowned nestled iconic unparalleled groundbreaking
  transformative cutting-edge game-changer game-changing world-class state-of-the-art awe-inspiring
  picturesque majestic exquisite timeless unforgettable immersive dynamic thriving rich diverse`.split(/\s+/),
);

/**
 * Stock phrases that people seldom write and chat models often do (Wikipedia's "Signs of AI writing"): a
 * strong reason, enough to flag a sentence even in a text judged likely human. In the training data each
 * appears in AI texts several times as often as in human ones, most never in human texts.
 */
const STOCK_PHRASES = [
  "it's important to note",
  "it is important to note",
  "it's worth noting",
  "it is worth noting",
  "in today's fast-paced",
  "in today's digital",
  "in the ever-evolving",
  "ever-evolving landscape",
  "plays a vital role",
  "plays a crucial role",
  "plays a pivotal role",
  "play a vital role",
  "play a crucial role",
  "play a pivotal role",
  "stands as a testament",
  "a testament to",
  "serves as a reminder",
  "a rich tapestry",
  "delve into",
  "delves into",
  "navigate the complexities",
  "in the realm of",
  "a myriad of",
  "a plethora of",
  "unlock the",
  "unleash the",
  "harness the",
  "pave the way",
  "paving the way",
  "strike a balance",
  "only time will tell",
  "sent shivers down",
  "captured the hearts",
  "left an indelible",
];

/**
 * Phrases chat models favour but people also use: a reason worth showing, not enough on its own in a
 * text judged likely human. ("In order to", "on the other hand", "a variety of" and "when it comes to"
 * were dropped: in the training data people write them as often as models, or more.)
 */
const COMMON_AI_PHRASES = [
  "it is essential to",
  "it's essential to",
  "it is crucial to",
  "serves as a",
  "a significant milestone",
  "dive into",
  "let's dive",
  "the complexities of",
  "a sense of",
  "a deep sense",
  "a mix of",
  "a blend of",
  "in the heart of",
  "couldn't help but",
  "could not help but",
  "little did",
  "a reminder that",
  "the power of",
  "the importance of",
  "the beauty of",
  "whether you're",
  "whether you are",
  "the ever-changing",
  "continues to evolve",
  "remains to be seen",
  "for years to come",
  "hearts and minds",
  "each and every",
];

/** Chatbot leftovers: near-proof of pasted AI output. */
const CHATBOT_LEFTOVERS = [
  "as an ai language model",
  "as an ai",
  "i hope this helps",
  "great question",
  "i'd be happy to help",
  "i cannot fulfill",
  "i can't assist with",
];

/**
 * Essay connectives that chat models open sentences with. The ones people use as often or more ("however",
 * "thus", "in addition", "as a result", "indeed") are left out; "moreover" and "furthermore" stay as the
 * classic examples, though students write them as often as models, so an opener is only ever a weak reason.
 */
const FORMULAIC_OPENER =
  /^["“]?(moreover|furthermore|additionally|in conclusion|overall|ultimately|notably|in essence|in today's|with (?:its|their|his|her) )\b/i;

const HEDGES = new Set(
  "may might could perhaps potentially possibly likely arguably somewhat seemingly generally typically often usually".split(
    " ",
  ),
);

/** Sentence ending in a participle clause that explains significance: "…, highlighting the need for…". */
const ING_TAIL =
  /,\s+(?:\w+ly\s+)?(highlighting|underscoring|reflecting|showcasing|emphasizing|emphasising|demonstrating|illustrating|signaling|signalling|symbolizing|symbolising|ensuring|contributing|fostering|solidifying|cementing|marking|paving|reinforcing|revealing|capturing|creating|making|leaving|adding|allowing|enabling|offering|providing|setting)\b[^,;]*$/i;

/** "X, Y, and Z" — the rule-of-three cadence. */
const LIST_OF_THREE = /\b[\w'-]+(?: [\w'-]+)?, [\w'-]+(?: [\w'-]+)?,? (?:and|or) [\w'-]+/i;

const NOT_ONLY = /\bnot only\b[^.!?]*\bbut\b|\bnot just\b[^.!?]*\bbut\b|\bit'?s not (?:just )?about\b/i;

const CONTRACTION = /^[a-z]+(?:n't|'re|'ve|'ll|'m|'d)$|^(?:it|that|there|here|he|she|what|who|let|where|how)'s$/i;
const FIRST_PERSON = new Set(["i", "me", "my", "mine", "myself", "we", "us", "our", "ours"]);
/**
 * Personal and demonstrative pronouns. People refer back with "it", "they", "this" and "that" more than chat
 * models, which repeat the noun phrase ("the approach", "these strategies").
 */
const PRONOUNS = new Set(
  "i me my mine myself we us our ours you your yours he him his she her hers it its they them their theirs this that these those".split(
    " ",
  ),
);

const CASUAL_WORDS = new Set(
  "just really so actually pretty kinda gonna wanna yeah ok okay lol guess stuff thing things like".split(" "),
);
/** Informal marks that models almost never produce: "i" lower-case, "dont", "im", ALL CAPS shouting. */
const MISSING_APOSTROPHE = new Set("dont cant wont im ive didnt doesnt isnt wasnt youre thats theyre".split(" "));

/** The 100 most frequent English function words; used for the English check and a style rate. */
export const FUNCTION_WORDS = new Set(
  `the of and to a in is it that was for on are as with he she they be at by this had not but from or have an
  which you were her his all there their been if has would will we what can when who so no out up about into
  them than then its do did could more some these only other over any him my me your our i us such also may
  after where how most very just because through while both each before those does should being same own`.split(/\s+/),
);

// One regex per phrase list, longest alternatives first so "a testament to" wins over "a testament".
function phraseRegex(phrases: string[]): RegExp {
  const escaped = [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "['’]"));
  return new RegExp(`(?<![\\w])(?:${escaped.join("|")})(?![\\w])`, "gi");
}
const STOCK_PHRASE_RE = phraseRegex(STOCK_PHRASES);
const COMMON_PHRASE_RE = phraseRegex(COMMON_AI_PHRASES);
const CHATBOT_RE = phraseRegex(CHATBOT_LEFTOVERS);

/** tokenizeWords' words and numbers, plus the punctuation that shapes a clause. */
const WORD_OR_MARK = /[A-Za-z\u00C0-\u024F]+(?:['’][A-Za-z]+)*|\d+(?:[.,]\d+)*|[,;:(]/g;

/** Per-sentence facts: counts plus the reasons a reader can check. */
export interface SentenceFacts {
  words: number;
  aiVocabulary: string[];
  puffery: string[];
  stockPhrases: string[];
  commonPhrases: string[];
  chatbot: string[];
  formulaicOpener: string | null;
  hedges: number;
  ingTail: string | null;
  listOfThree: boolean;
  notOnly: boolean;
  contractions: number;
  firstPerson: number;
  /** Personal and demonstrative pronouns (PRONOUNS). */
  pronouns: number;
  numbers: number;
  casual: number;
  informal: number;
  lyAdverbs: number;
  longWords: number;
  letters: number;
  functionWords: number;
  commas: number;
  quotes: number;
  questionOrExclaim: boolean;
  punctuationVariety: number;
  lowerWords: string[];
  /** Lower-case words and numbers with the commas, semicolons, colons and brackets between them. */
  stream: string[];
  /** Lower-case letter words (capitalised words after the first are counted as proper nouns instead). */
  lexicalWords: number;
  /** Lexical words that are not function words, and the sum of their Zipf values. */
  contentWords: number;
  contentZipfSum: number;
  rareWords: number;
  literaryWords: number;
  /** The literary content words themselves (Zipf 2.6–3.6), for reasons. */
  literary: string[];
  unknownWords: number;
  properNouns: number;
  dashes: number;
  parentheses: number;
  semicolons: number;
  colons: number;
  ellipses: number;
  exclamations: number;
  questions: number;
}

export function sentenceFacts(plain: string): SentenceFacts {
  const tokens = tokenizeWords(plain);
  const lowerWords: string[] = [];
  const aiVocabulary: string[] = [];
  const puffery: string[] = [];
  const literary: string[] = [];
  let hedges = 0;
  let contractions = 0;
  let firstPerson = 0;
  let pronouns = 0;
  let numbers = 0;
  let casual = 0;
  let informal = 0;
  let lyAdverbs = 0;
  let longWords = 0;
  let letters = 0;
  let functionWords = 0;
  let lexicalWords = 0;
  let contentWords = 0;
  let contentZipfSum = 0;
  let rareWords = 0;
  let literaryWords = 0;
  let unknownWords = 0;
  let properNouns = 0;
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    const lower = token.toLowerCase().replace(/’/g, "'");
    lowerWords.push(lower);
    const code = lower.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      numbers++;
      continue;
    }
    const first = token.charCodeAt(0);
    if (t > 0 && first >= 65 && first <= 90 && lower !== "i" && !lower.startsWith("i'")) {
      properNouns++;
    } else {
      lexicalWords++;
      const zipf = wordZipf(lower);
      if (zipf === undefined) unknownWords++;
      if (!FUNCTION_WORDS.has(lower)) {
        const z = zipf ?? UNKNOWN_ZIPF;
        contentWords++;
        contentZipfSum += z;
        if (z < RARE_ZIPF) rareWords++;
        else if (z < LITERARY_ZIPF) {
          literaryWords++;
          literary.push(lower);
        }
      }
    }
    letters += lower.length;
    if (lower.length >= 8) longWords++;
    if (AI_VOCABULARY.has(lower)) aiVocabulary.push(lower);
    if (PUFFERY.has(lower)) puffery.push(lower);
    if (HEDGES.has(lower)) hedges++;
    if (FIRST_PERSON.has(lower)) firstPerson++;
    if (PRONOUNS.has(lower)) pronouns++;
    if (CASUAL_WORDS.has(lower)) casual++;
    if (FUNCTION_WORDS.has(lower)) functionWords++;
    if (lower.includes("'") && CONTRACTION.test(lower)) contractions++;
    if (lower.length > 4 && lower.endsWith("ly")) lyAdverbs++;
    if (MISSING_APOSTROPHE.has(lower) || token === "i" || (token.length >= 3 && token === token.toUpperCase())) {
      informal++;
    }
  }
  const stockPhrases = (plain.match(STOCK_PHRASE_RE) ?? []).map((p) => p.toLowerCase().replace(/’/g, "'"));
  // Matched outside the stock phrases, so "serves as a reminder" is not counted again as "serves as a".
  const commonPhrases = (plain.replace(STOCK_PHRASE_RE, " ").match(COMMON_PHRASE_RE) ?? []).map((p) =>
    p.toLowerCase().replace(/’/g, "'"),
  );
  const chatbot = (plain.match(CHATBOT_RE) ?? []).map((p) => p.toLowerCase());
  const opener = FORMULAIC_OPENER.exec(plain);
  const tail = ING_TAIL.exec(plain);
  let commas = 0;
  let quotes = 0;
  let dashes = 0;
  let parentheses = 0;
  let semicolons = 0;
  let colons = 0;
  let ellipses = 0;
  let exclamations = 0;
  let questions = 0;
  const marks = new Set<string>();
  for (let i = 0; i < plain.length; i++) {
    const ch = plain[i];
    if (ch === ",") commas++;
    else if (ch === '"' || ch === "“" || ch === "”") quotes++;
    else if (ch === "—" || ch === "–" || (ch === "-" && (plain[i - 1] === " " || plain[i + 1] === "-"))) dashes++;
    else if (ch === "(") parentheses++;
    else if (ch === ";") semicolons++;
    else if (ch === ":") colons++;
    else if (ch === "…" || (ch === "." && plain[i + 1] === "." && plain[i + 2] === "." && plain[i - 1] !== ".")) {
      ellipses++;
    } else if (ch === "!") exclamations++;
    else if (ch === "?") questions++;
    // Dashes are counted but left out of the variety: the human texts of the training data had them
    // stripped upstream, so they would teach "dash means AI" (docs/detector.md).
    if (ch === ";" || ch === ":" || ch === "(" || ch === "!" || ch === "?") {
      marks.add(ch);
    }
  }
  if (/^[a-z]/.test(plain)) informal++;
  return {
    words: tokens.length,
    aiVocabulary,
    puffery,
    stockPhrases,
    commonPhrases,
    chatbot,
    formulaicOpener: opener ? opener[1] : null,
    hedges,
    ingTail: tail ? tail[1].toLowerCase() : null,
    listOfThree: LIST_OF_THREE.test(plain),
    notOnly: NOT_ONLY.test(plain),
    contractions,
    firstPerson,
    pronouns,
    numbers,
    casual,
    informal,
    lyAdverbs,
    longWords,
    letters,
    functionWords,
    commas,
    quotes,
    questionOrExclaim: /[?!]["”')\]]*$/.test(plain),
    punctuationVariety: marks.size,
    lowerWords,
    stream: (plain.match(WORD_OR_MARK) ?? []).map((t) => t.toLowerCase().replace(/’/g, "'")),
    lexicalWords,
    contentWords,
    contentZipfSum,
    rareWords,
    literaryWords,
    literary,
    unknownWords,
    properNouns,
    dashes,
    parentheses,
    semicolons,
    colons,
    ellipses,
    exclamations,
    questions,
  };
}

/** Names of the document features, in model order. */
export const DOCUMENT_FEATURES = [
  "aiVocabularyPer100",
  "stockPhrasesPer100",
  "pufferyPer100",
  "formulaicOpenerShare",
  "hedgesPer100",
  "ingTailShare",
  "listOfThreeShare",
  "notOnlyShare",
  "contractionsPer100",
  "firstPersonPer100",
  "numbersPer100",
  "casualPer100",
  "informalPer100",
  "lyAdverbsPer100",
  "sentenceLengthCV",
  "logMeanSentenceLength",
  "shortSentenceShare",
  "movingTypeTokenRatio",
  "functionWordShare",
  "commasPerSentence",
  "quotesPer100",
  "questionOrExclaimShare",
  "punctuationVarietyPerSentence",
  "adjacentLengthChange",
  "repeatedTrigramShare",
  "repeatedContentWordShare",
  "meanContentZipf",
  "rareWordShare",
  "literaryWordShare",
  "unknownWordShare",
  "sentenceZipfSD",
  "logSentenceLengthSD",
  "topContentWordShare",
  "recurringContentWordShare",
  "parenthesesPer100",
  "semicolonsPer100",
  "colonsPer100",
  "ellipsesPer100",
  "exclamationsPer100",
  "questionsPer100",
  "punctuationKinds",
  "pronounsPer100",
  "noCommaSentenceShare",
  "longSentenceShare",
] as const;

/**
 * Names of the sentence features, in model order. All of them are read from the sentence itself; the only
 * document context is the mean sentence length (for `relativeLength` and `lengthDeviation`).
 */
export const SENTENCE_FEATURES = [
  "aiVocabulary",
  "stockPhrases",
  "puffery",
  "formulaicOpener",
  "hedges",
  "ingTail",
  "listOfThree",
  "notOnly",
  "contractions",
  "firstPerson",
  "numbers",
  "casual",
  "informal",
  "lyAdverbs",
  "logLength",
  "lengthDeviation",
  "meanWordLength",
  "longWordShare",
  "functionWordShare",
  "commas",
  "quotes",
  "questionOrExclaim",
  "literaryShare",
  "rareShare",
  "unknownShare",
  "meanContentZipf",
  "properNouns",
  "concreteDetail",
  "otherPunctuation",
] as const;

/** Moving-window type-token ratio: lexical variety that does not shrink with text length. */
function movingTypeTokenRatio(words: string[], window = 50): number {
  if (words.length === 0) return 0;
  if (words.length <= window) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  let distinct = 0;
  for (let i = 0; i < window; i++) {
    const n = counts.get(words[i]) ?? 0;
    if (n === 0) distinct++;
    counts.set(words[i], n + 1);
  }
  let total = distinct;
  let windows = 1;
  for (let i = window; i < words.length; i++) {
    const incoming = counts.get(words[i]) ?? 0;
    if (incoming === 0) distinct++;
    counts.set(words[i], incoming + 1);
    const leaving = counts.get(words[i - window])! - 1;
    if (leaving === 0) distinct--;
    counts.set(words[i - window], leaving);
    total += distinct;
    windows++;
  }
  return total / windows / window;
}

/** Share of word trigrams seen earlier in the text: sampled model text loops on its own phrasing. */
function repeatedTrigramShare(words: string[]): number {
  if (words.length < 3) return 0;
  const seen = new Set<string>();
  let repeats = 0;
  for (let i = 2; i < words.length; i++) {
    const key = `${words[i - 2]} ${words[i - 1]} ${words[i]}`;
    if (seen.has(key)) repeats++;
    else seen.add(key);
  }
  return repeats / (words.length - 2);
}

/** Share of content-word occurrences that repeat an earlier content word. */
function repeatedContentWordShare(words: string[]): number {
  const seen = new Set<string>();
  let content = 0;
  let repeats = 0;
  for (const w of words) {
    if (FUNCTION_WORDS.has(w) || w.length < 4) continue;
    content++;
    if (seen.has(w)) repeats++;
    else seen.add(w);
  }
  return repeats / Math.max(1, content);
}

/** Share of content words taken by the most repeated one, and by words used three times or more. */
function contentWordConcentration(words: string[]): [number, number] {
  const counts = new Map<string, number>();
  let content = 0;
  for (const w of words) {
    const code = w.charCodeAt(0);
    if (FUNCTION_WORDS.has(w) || w.length < 4 || (code >= 48 && code <= 57)) continue;
    content++;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  let top = 0;
  let recurring = 0;
  for (const c of counts.values()) {
    if (c > top) top = c;
    if (c >= 3) recurring += c;
  }
  return [top / Math.max(1, content), recurring / Math.max(1, content)];
}

/**
 * A sentence of at least this many words is long. Chat models keep sentences in a middle band; people write
 * both short ones and, now and then, a very long one (the long-sentence share, beside the comma-free share).
 */
const LONG_SENTENCE_WORDS = 35;

/** Words per window for the repetition measures, which would otherwise grow with the length of the text. */
const REPETITION_WINDOW = 120;

/**
 * The mean of `measure` over consecutive windows of REPETITION_WINDOW words (a short tail joins the window
 * before it), so a 2,000-word draft and a 150-word paragraph are measured on the same scale.
 */
function windowed(words: string[], measure: (window: string[]) => number): number {
  if (words.length <= REPETITION_WINDOW * 1.5) return measure(words);
  const windows = Math.floor(words.length / REPETITION_WINDOW);
  let total = 0;
  for (let w = 0; w < windows; w++) {
    const end = w === windows - 1 ? words.length : (w + 1) * REPETITION_WINDOW;
    total += measure(words.slice(w * REPETITION_WINDOW, end));
  }
  return total / windows;
}

/** Sample standard deviation (0 for fewer than two values). */
function standardDeviation(values: number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

/**
 * Word counts a learned lexicon reads (see lexicon.ts): lower-case words (numbers left out), word pairs
 * within a sentence (numbers as "<num>", the sentence's start and end as "<s>" and "</s>"), and the first
 * word of each sentence.
 */
export interface TokenCounts {
  unigrams: Map<string, number>;
  bigrams: Map<string, number>;
  firstWords: Map<string, number>;
  /** Skeleton triples "u v w" of each sentence (skeleton.ts), "<s> <s>" before it and "</s>" after it. */
  skeleton: Map<string, number>;
  /** How many tokens of each kind were counted (the denominators of a per-token mean). */
  totals: { unigrams: number; bigrams: number; firstWords: number; skeleton: number };
}

const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const isNumber = (word: string) => {
  const code = word.charCodeAt(0);
  return code >= 48 && code <= 57;
};

/**
 * A stream token as a skeleton symbol (skeleton.ts): a function word, a mark or "<num>" as itself, any other
 * word by its length class (S: up to 4 letters, M: 5–7, L: 8 or more).
 */
export function skeletonSymbol(token: string): string {
  if (isNumber(token)) return "<num>";
  if (FUNCTION_WORDS.has(token)) return token;
  const code = token.charCodeAt(0);
  if (token.length === 1 && !((code >= 97 && code <= 122) || code >= 192)) return token;
  return token.length <= 4 ? "S" : token.length <= 7 ? "M" : "L";
}

export function countTokens(facts: readonly SentenceFacts[]): TokenCounts {
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, number>();
  const firstWords = new Map<string, number>();
  const skeleton = new Map<string, number>();
  const totals = { unigrams: 0, bigrams: 0, firstWords: 0, skeleton: 0 };
  for (const f of facts) {
    for (let k = 0; k < f.lowerWords.length; k++) {
      const word = f.lowerWords[k];
      if (isNumber(word)) continue;
      increment(unigrams, word);
      totals.unigrams++;
    }
    if (f.lowerWords.length > 0) {
      increment(firstWords, isNumber(f.lowerWords[0]) ? "<num>" : f.lowerWords[0]);
      totals.firstWords++;
    }
    let previous = "<s>";
    for (const token of f.stream) {
      const word = isNumber(token) ? "<num>" : token;
      increment(bigrams, `${previous} ${word}`);
      totals.bigrams++;
      previous = word;
    }
    if (f.stream.length > 0) {
      increment(bigrams, `${previous} </s>`);
      totals.bigrams++;
      let u = "<s>";
      let v = "<s>";
      for (const token of f.stream) {
        const w = skeletonSymbol(token);
        increment(skeleton, `${u} ${v} ${w}`);
        u = v;
        v = w;
      }
      increment(skeleton, `${u} ${v} </s>`);
      totals.skeleton += f.stream.length + 1;
    }
  }
  return { unigrams, bigrams, firstWords, skeleton, totals };
}

export interface DocumentAnalysis {
  /** Facts of every sentence, in order. */
  facts: SentenceFacts[];
  /** How many sentences the document features read (list items are left out when enough prose remains). */
  documentSentences: number;
  /** Document feature vector in DOCUMENT_FEATURES order. */
  documentVector: number[];
  /** Word counts of the same sentences, for the learned lexicons. */
  tokens: TokenCounts;
  /** Sentence feature vectors in SENTENCE_FEATURES order. */
  sentenceVectors: number[][];
  wordCount: number;
  meanSentenceLength: number;
  sentenceLengthCV: number;
}

/**
 * List items are fragments ("Sharp, pointy, and shiny objects") more often than prose, and in the training
 * data only the AI texts kept their lists, so the document features read the paragraphs' sentences when at
 * least this many remain. Every sentence, list item or not, still gets its own score.
 */
const MIN_PROSE_SENTENCES = 3;

/** The sentences the document features read: the paragraphs' sentences, when enough of them remain. */
export function documentSentences<T>(facts: readonly T[], listItem: (i: number) => boolean): T[] {
  const prose = facts.filter((_, i) => !listItem(i));
  return prose.length >= MIN_PROSE_SENTENCES ? prose : [...facts];
}

export function analyzeDocument(sentences: Pick<SentenceSpan, "plain" | "listItem">[]): DocumentAnalysis {
  const allFacts = sentences.map((s) => sentenceFacts(s.plain));
  const document = documentFeatures(documentSentences(allFacts, (i) => sentences[i].listItem === true));
  const mean = document.meanSentenceLength;
  const sentenceVectors = allFacts.map((f) => {
    const letterCount = Math.max(1, f.words - f.numbers);
    return [
      f.aiVocabulary.length,
      f.stockPhrases.length + f.commonPhrases.length + 3 * f.chatbot.length,
      f.puffery.length,
      f.formulaicOpener ? 1 : 0,
      f.hedges,
      f.ingTail ? 1 : 0,
      f.listOfThree ? 1 : 0,
      f.notOnly ? 1 : 0,
      f.contractions,
      f.firstPerson,
      f.numbers,
      f.casual,
      f.informal,
      f.lyAdverbs,
      Math.log(1 + f.words),
      Math.abs(f.words - mean) / Math.max(1, mean),
      f.letters / letterCount,
      f.longWords / letterCount,
      f.functionWords / Math.max(1, f.words),
      f.commas,
      f.quotes > 0 ? 1 : 0,
      f.questionOrExclaim ? 1 : 0,
      f.literaryWords / Math.max(1, f.contentWords),
      f.rareWords / Math.max(1, f.contentWords),
      f.unknownWords / Math.max(1, f.lexicalWords),
      f.contentWords > 0 ? f.contentZipfSum / f.contentWords : UNKNOWN_ZIPF_FALLBACK,
      Math.min(3, f.properNouns),
      hasConcreteDetail(f) ? 1 : 0,
      f.parentheses + f.semicolons + f.ellipses + f.exclamations > 0 ? 1 : 0,
    ];
  });
  return { facts: allFacts, ...document, sentenceVectors };
}

/** The document features of some sentences' facts (all of a text's, or what is left without some). */
export function documentFeatures(facts: readonly SentenceFacts[]): Omit<DocumentAnalysis, "facts" | "sentenceVectors"> {
  const n = Math.max(1, facts.length);
  const sum = (pick: (f: SentenceFacts) => number) => facts.reduce((acc, f) => acc + pick(f), 0);
  const words = Math.max(
    1,
    sum((f) => f.words),
  );
  const per100 = (value: number) => (100 * value) / words;
  const share = (pick: (f: SentenceFacts) => boolean) => facts.filter(pick).length / n;

  const lengths = facts.map((f) => f.words);
  const mean = words / n;
  const variance = lengths.reduce((acc, l) => acc + (l - mean) ** 2, 0) / n;
  const cv = Math.sqrt(variance) / Math.max(1, mean);
  let lengthChange = 0;
  for (let i = 1; i < lengths.length; i++) lengthChange += Math.abs(lengths[i] - lengths[i - 1]);
  const adjacentLengthChange = lengths.length > 1 ? lengthChange / (lengths.length - 1) / Math.max(1, mean) : 0;

  const allWords: string[] = [];
  for (const f of facts) for (const w of f.lowerWords) allWords.push(w);
  const contentWords = Math.max(
    1,
    sum((f) => f.contentWords),
  );
  const lexicalWords = Math.max(
    1,
    sum((f) => f.lexicalWords),
  );
  const sentenceZipf = facts.filter((f) => f.contentWords > 0).map((f) => f.contentZipfSum / f.contentWords);
  const topContentWordShare = windowed(allWords, (w) => contentWordConcentration(w)[0]);
  const recurringContentWordShare = windowed(allWords, (w) => contentWordConcentration(w)[1]);
  const punctuationKinds = [
    (f: SentenceFacts) => f.parentheses,
    (f: SentenceFacts) => f.semicolons,
    (f: SentenceFacts) => f.colons,
    (f: SentenceFacts) => f.ellipses,
    (f: SentenceFacts) => f.exclamations,
    (f: SentenceFacts) => f.questions,
  ].filter((pick) => sum(pick) > 0).length;

  const documentVector = [
    per100(sum((f) => f.aiVocabulary.length)),
    per100(sum((f) => f.stockPhrases.length + f.commonPhrases.length + 3 * f.chatbot.length)),
    per100(sum((f) => f.puffery.length)),
    share((f) => f.formulaicOpener !== null),
    per100(sum((f) => f.hedges)),
    share((f) => f.ingTail !== null),
    share((f) => f.listOfThree),
    share((f) => f.notOnly),
    per100(sum((f) => f.contractions)),
    per100(sum((f) => f.firstPerson)),
    per100(sum((f) => f.numbers)),
    per100(sum((f) => f.casual)),
    per100(sum((f) => f.informal)),
    per100(sum((f) => f.lyAdverbs)),
    cv,
    Math.log(1 + mean),
    share((f) => f.words <= 6),
    movingTypeTokenRatio(allWords),
    sum((f) => f.functionWords) / words,
    sum((f) => f.commas) / n,
    per100(sum((f) => f.quotes)),
    share((f) => f.questionOrExclaim),
    sum((f) => f.punctuationVariety) / n,
    adjacentLengthChange,
    windowed(allWords, repeatedTrigramShare),
    windowed(allWords, repeatedContentWordShare),
    sum((f) => f.contentZipfSum) / contentWords,
    sum((f) => f.rareWords) / contentWords,
    sum((f) => f.literaryWords) / contentWords,
    sum((f) => f.unknownWords) / lexicalWords,
    standardDeviation(sentenceZipf),
    standardDeviation(lengths.map((l) => Math.log(1 + l))),
    topContentWordShare,
    recurringContentWordShare,
    per100(sum((f) => f.parentheses)),
    per100(sum((f) => f.semicolons)),
    per100(sum((f) => f.colons)),
    per100(sum((f) => f.ellipses)),
    per100(sum((f) => f.exclamations)),
    per100(sum((f) => f.questions)),
    punctuationKinds,
    per100(sum((f) => f.pronouns)),
    share((f) => f.commas === 0),
    share((f) => f.words >= LONG_SENTENCE_WORDS),
  ];

  return {
    documentSentences: facts.length,
    documentVector,
    tokens: countTokens(facts),
    wordCount: words,
    meanSentenceLength: mean,
    sentenceLengthCV: cv,
  };
}

const quote = (s: string) => `“${s}”`;

/** Mean content-word Zipf value given to a sentence with no content words (a typical everyday value). */
const UNKNOWN_ZIPF_FALLBACK = 4.5;

/** Numbers, names (capitalised words after the first) or quotation marks: the specifics people write. */
export function hasConcreteDetail(f: SentenceFacts): boolean {
  return f.numbers > 0 || f.properNouns > 0 || f.quotes > 0;
}

/**
 * "Polished" words: literary (Zipf 2.6–3.6), at least 7 letters and with a Latinate ending ("intricate",
 * "collaboration", "meticulous"). The subtitle-based table also rates plain concrete nouns ("kettle",
 * "shutters") as uncommon, so the literary share alone would make a misleading reason.
 */
const LATINATE_ENDING = /(?:tion|sion|ity|ive|ous|ent|ant|ance|ence|ize|ise|ate|ment|ness|ical|ism|ist)s?$|ing$/;
const isPolished = (word: string) => word.length >= 7 && LATINATE_ENDING.test(word);
/** At least this many polished words, in a sentence whose content words are at least this share literary. */
const POLISHED_MIN_WORDS = 2;
const POLISHED_MIN_SHARE = 0.3;
/**
 * Reasons too common in human writing to flag a sentence on their own (in the training data each is at
 * most 1.7 times as frequent in AI sentences as in human ones); shown beside a sentence's score as context.
 */
export const WEAK_REASON_PREFIXES = [
  "Formulaic opener",
  "List-of-three cadence",
  "“Not only … but also” construction",
  "Stacked hedging",
] as const;

/** Can this reason flag a sentence (in a text that is not judged likely human)? */
export const canFlag = (reason: string): boolean => !WEAK_REASON_PREFIXES.some((p) => reason.startsWith(p));

/**
 * Human-readable reasons for one sentence: strong ones first (shared STRONG_REASON_PREFIXES: chatbot
 * leftovers, stock AI phrases, two or more AI-vocabulary words), then the rest, then the weak ones. With
 * the document's mean sentence length, polished, uncommon vocabulary is added. (A "long sentence with no
 * concrete detail" reason was dropped: in the training data it is more common in human sentences.)
 */
export function sentenceReasons(f: SentenceFacts, meanSentenceLength?: number): string[] {
  const reasons: string[] = [];
  for (const p of new Set(f.chatbot)) reasons.push(`Chatbot leftover: ${quote(p)}`);
  for (const p of new Set(f.stockPhrases)) reasons.push(`Stock AI phrase: ${quote(p)}`);
  const vocabulary = [...new Set(f.aiVocabulary)];
  if (vocabulary.length >= 2) reasons.push(`Cluster of AI vocabulary: ${vocabulary.slice(0, 4).map(quote).join(", ")}`);
  else if (vocabulary.length === 1) reasons.push(`Typical AI vocabulary: ${quote(vocabulary[0])}`);
  for (const p of new Set(f.commonPhrases)) reasons.push(`Common AI phrasing: ${quote(p)}`);
  for (const w of new Set(f.puffery)) reasons.push(`Promotional adjective: ${quote(w)}`);
  if (f.ingTail) reasons.push(`Trailing -ing clause about significance: ${quote(f.ingTail)}`);
  if (meanSentenceLength !== undefined) {
    const listed = new Set([...f.aiVocabulary, ...f.puffery]);
    const polished = [...new Set(f.literary)].filter(isPolished);
    const unlisted = polished.filter((w) => !listed.has(w));
    if (
      polished.length >= POLISHED_MIN_WORDS &&
      f.literaryWords / Math.max(1, f.contentWords) >= POLISHED_MIN_SHARE &&
      unlisted.length > 0
    ) {
      reasons.push(`Polished, uncommon vocabulary: ${unlisted.slice(0, 3).map(quote).join(", ")}`);
    }
  }
  if (f.formulaicOpener) reasons.push(`Formulaic opener: ${quote(f.formulaicOpener)}`);
  if (f.notOnly) reasons.push("“Not only … but also” construction");
  if (f.listOfThree) reasons.push("List-of-three cadence");
  if (f.hedges >= 2) reasons.push("Stacked hedging (may, might, could, potentially…)");
  return reasons;
}

/**
 * Document-level reasons: what the whole text does, not any single sentence. ("No contractions" and "no
 * first-person voice" are not among them any more: formal human writing has neither, so they are not
 * evidence of AI.)
 */
export function documentReasons(analysis: DocumentAnalysis): string[] {
  const reasons: string[] = [];
  const v = analysis.documentVector;
  const at = (name: (typeof DOCUMENT_FEATURES)[number]) => v[DOCUMENT_FEATURES.indexOf(name)];
  const per100 = (pick: (f: SentenceFacts) => number) =>
    (100 * analysis.facts.reduce((n, f) => n + pick(f), 0)) / Math.max(1, analysis.wordCount);
  if (analysis.facts.length >= 5 && analysis.sentenceLengthCV < 0.35) {
    reasons.push("Uniform sentence rhythm: sentence lengths barely vary");
  }
  if (at("numbersPer100") === 0 && analysis.wordCount >= 80) reasons.push("No specific numbers or figures");
  if (at("aiVocabularyPer100") + at("stockPhrasesPer100") >= 1.5) {
    reasons.push("Dense stock AI vocabulary and phrasing");
  }
  if (at("formulaicOpenerShare") >= 0.2) reasons.push("Many sentences open with essay connectives");
  if (at("movingTypeTokenRatio") > 0 && at("movingTypeTokenRatio") < 0.68) reasons.push("Low lexical variety");
  if (per100((f) => f.informal + f.casual) >= 3) reasons.push("Casual, informal marks typical of human writing");
  return reasons;
}

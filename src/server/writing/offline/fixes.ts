// The offline reviser's fixes, one per habit that makes a sentence read as machine-written. Each
// recognises its habit from the sentence's own text — never from the wording of a detector's
// reason, which changes whenever the detector is retrained — and returns the sentence unchanged
// when the habit isn't there.
import { countWords } from "../../../shared/text";
import { capitalizeSentence, fixArticles } from "./grammar";

/** Stock AI vocabulary and promotional adjectives → the plain word ("_" stands for a space). */
const PLAIN_WORDS = new Map(
  `delve=dig delves=digs delved=dug delving=digging tapestry=mix landscape=field landscapes=fields realm=area
  realms=areas pivotal=key intricate=detailed intricacies=details showcase=show showcases=shows showcased=showed
  showcasing=showing foster=build fosters=builds fostered=built fostering=building underscore=show underscores=shows
  underscored=showed underscoring=showing testament=proof crucial=important crucially=especially vital=important
  essential=important multifaceted=complex myriad=many nuanced=subtle navigate=handle navigates=handles
  navigating=handling navigated=handled leverage=use leverages=uses leveraging=using leveraged=used embark=start
  embarks=starts embarked=started embarking=starting unwavering=steady resonate=connect resonates=connects
  resonated=connected resonating=connecting meticulous=careful meticulously=carefully paramount=most_important
  captivating=gripping bustling=busy commendable=good boasts=has boasting=having garner=get garners=gets
  garnered=got garnering=getting holistic=whole synergy=teamwork seamless=smooth seamlessly=smoothly elevate=improve
  elevates=improves elevating=improving elevated=improved enhance=improve enhances=improves enhancing=improving
  enhanced=improved robust=solid comprehensive=thorough noteworthy=interesting notably=especially profound=deep
  profoundly=deeply endeavor=effort endeavors=efforts endeavour=effort endeavours=efforts intertwined=linked
  interplay=mix encompass=cover encompasses=covers encompassing=covering ever-evolving=changing
  ever-changing=changing invaluable=very_useful indelible=lasting serene=calm tranquil=quiet whimsical=playful
  palpable=clear camaraderie=friendship beacon=example symphony=mix labyrinth=maze kaleidoscope=mix enduring=lasting
  steadfast=steady amidst=amid vibrant=lively breathtaking=striking stunning=striking remarkable=striking
  renowned=well-known iconic=famous unparalleled=rare groundbreaking=new transformative=big cutting-edge=new
  game-changer=big_change game-changing=big world-class=excellent state-of-the-art=modern awe-inspiring=impressive
  picturesque=pretty majestic=grand exquisite=fine unforgettable=memorable immersive=absorbing diverse=varied
  synergies=teamwork unlock=open_up unlocks=opens_up unlocked=opened_up unlocking=opening_up unleash=release`
    .split(/\s+/)
    .map((pair) => pair.split("=") as [string, string])
    .map(([word, plain]) => [word, plain.replace(/_/g, " ")]),
);
const PLAIN_WORD_RE = new RegExp(`(?<![\\w-])(${[...PLAIN_WORDS.keys()].join("|")})(?![\\w-])`, "gi");

/** Verb forms of a replacement: base, -s, past, -ing; picked by the form of the word it replaces. */
type Forms = readonly [string, string, string, string];
const formOf = (verb: string) => (/ing$/i.test(verb) ? 3 : /ed$/i.test(verb) ? 2 : /s$/i.test(verb) ? 1 : 0);

/** Stock phrases → plain wording. A Forms replacement follows the tense of the phrase's first word. */
const STOCK: ReadonlyArray<readonly [RegExp, string | Forms]> = [
  [/\bit(?:'s|’s| is) (?:important|worth) (?:to )?(?:note|noting|mention|mentioning)(?: that)?,?\s+/gi, ""],
  [/\bit(?:'s|’s| is) (?:essential|crucial|vital|important|key) to\b/gi, "you need to"],
  [/\bin today's (?:[\w-]+ ){0,2}(?:world|age|landscape|environment|market|era),\s*/gi, ""],
  [
    /\b(play|plays|played|playing) (?:a|an) (?:vital|crucial|pivotal|key|important|significant|central) role in\b/gi,
    ["matter for", "matters for", "mattered for", "mattering for"],
  ],
  [/\b(?:stands|serves) as a testament to\b|\bis a testament to\b/gi, "shows"],
  [/\ba testament to\b/gi, "proof of"],
  [/\bserves as a\b/gi, "is a"],
  [
    /\b(delve|delves|delved|delving|dive|dives|dived|diving)(?: deep| deeper)? into\b/gi,
    ["look at", "looks at", "looked at", "looking at"],
  ],
  [/\b(embark|embarks|embarked|embarking) (?:on|upon)\b/gi, ["start", "starts", "started", "starting"]],
  [/\bnavigate the complexities of\b/gi, "handle"],
  [/\bin the realm of\b/gi, "in"],
  [/\ba (?:myriad|plethora|multitude) of\b|\ba wide (?:range|variety|array) of\b/gi, "many"],
  [/\ba (?:variety|range) of\b/gi, "several"],
  [/\bin order to\b/gi, "to"],
  [/\bwhen it comes to\b/gi, "with"],
  [/\beach and every\b/gi, "every"],
  [/\b(?:unlock|unleash|harness) the (?:full )?(?:power|potential) of\b/gi, "make the most of"],
  [/\b(pave|paves|paved|paving) the way for\b/gi, ["lead to", "leads to", "led to", "leading to"]],
  [/\bstrike a balance\b/gi, "find a balance"],
  [
    /\b(continue|continues|continued|continuing) to evolve\b/gi,
    ["keep changing", "keeps changing", "kept changing", "changing"],
  ],
  [/\bfor years to come\b/gi, "for years"],
  [/\b(ensure|ensures|ensured|ensuring) that\b/gi, ["make sure", "makes sure", "made sure", "making sure"]],
  [/\bof (?:paramount|utmost) importance\b/gi, "very important"],
  [/\ba significant milestone\b/gi, "a milestone"],
  [/\bthe importance of\b/gi, "the value of"],
];

/** Essay connectives that open a sentence, with what a person would say instead ("" to drop). */
const CONNECTIVE =
  /^([\s*_"“]*)(moreover|furthermore|additionally|in addition|notably|importantly|crucially|ultimately|overall|in conclusion|in summary|to summari[sz]e|to sum up|in essence|indeed|in fact|as such|all in all|at the end of the day|first and foremost|that said|with that said|that being said|however|consequently|as a result|thus|hence|therefore|nevertheless|nonetheless),\s+/i;
const CONNECTIVE_SAYS: Record<string, string> = {
  however: "But ",
  consequently: "So ",
  "as a result": "So ",
  thus: "So ",
  hence: "So ",
  therefore: "So ",
  nevertheless: "Still, ",
  nonetheless: "Still, ",
};

/** Trailing participle clauses: significance tails are cut; effect tails become a sentence of their own. */
const SIGNIFICANCE_TAIL =
  /,\s+(?:\w+ly\s+)?(?:highlighting|underscoring|reflecting|showcasing|emphasi[sz]ing|demonstrating|illustrating|signall?ing|symboli[sz]ing|solidifying|cementing|marking|reinforcing|revealing|capturing|fostering|contributing to)\b[^,;.!?]*(?=[.!?]["'”’)]*\s*$)/i;
const EFFECT_TAIL =
  /,\s+(ensuring|allowing|enabling|making|creating|providing|offering|adding|leaving|setting|paving)\b([^,;.!?]*[.!?]["'”’)]*)\s*$/i;
const EFFECT_VERB: Record<string, string> = {
  ensuring: "ensures",
  allowing: "allows",
  enabling: "enables",
  making: "makes",
  creating: "creates",
  providing: "provides",
  offering: "offers",
  adding: "adds",
  leaving: "leaves",
  setting: "sets",
  paving: "paves",
};

const CHATBOT =
  /\s*(?:as an ai(?: language model)?,\s*|i hope this helps[.!]?|great question[.!]?|i'd be happy to help[.!]?|let me know if you (?:have|need) [^.!?]*[.!?])/gi;

/** Adjectives that pad a list of three ("clear, concise, and comprehensive"). */
const PADDING_WORD =
  /(?:ful|ive|ous|al|ent|ant|able|ible|ic|less|ed|ing|ly|y)$|^(?:clear|concise|simple|easy|quick|fast|smart|fresh|bold|warm|new|modern|clean|safe|sound|strong|real)$/i;
const LIST_OF_THREE = /\b([a-z][\w-]*), ([a-z][\w-]*),? (and|or) ([a-z][\w-]*)\b/i;

const CONTRACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(can) ?not\b/gi, "$1't"],
  [/\b(w)ill not\b/gi, "$1on't"],
  [/\b(do|does|did|is|are|was|were|has|have|had|should|would|could|must) not\b/gi, "$1n't"],
  [/\b(it|that|there|here|what|who) is\b(?=\s+[a-z])/gi, "$1's"],
  [/\b(you|we|they) are\b(?=\s+[a-z])/gi, "$1're"],
  [/\b(you|we|they|it|that) will\b(?=\s+[a-z])/gi, "$1'll"],
  [/\bI am\b/g, "I'm"],
];

/** Keeps the capital of the word a replacement stands for. */
const matchCase = (original: string, replacement: string) =>
  replacement && /^[A-Z]/.test(original) ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;

export const dropChatbotLeftovers = (s: string) => s.replace(CHATBOT, "").trim();

export function dropConnective(s: string): string {
  return s.replace(CONNECTIVE, (_, marks: string, word: string) => marks + (CONNECTIVE_SAYS[word.toLowerCase()] ?? ""));
}

export function plainPhrases(s: string): string {
  let out = s;
  for (const [re, to] of STOCK)
    out = out.replace(re, (whole: string, verb?: string) =>
      matchCase(whole, typeof to === "string" ? to : to[formOf(typeof verb === "string" ? verb : whole.split(" ")[0])]),
    );
  return out;
}

export function cutSignificanceTail(s: string): string {
  const cut = s.replace(SIGNIFICANCE_TAIL, "");
  return cut.replace(
    EFFECT_TAIL,
    (_, verb: string, rest: string) => `. That ${EFFECT_VERB[verb.toLowerCase()]}${rest}`,
  );
}

/** "not only X but also Y" → "X and Y". */
export const undoNotOnly = (s: string) => s.replace(/\bnot only\s+(.+?),?\s+but also\s+/i, "$1 and ");

export const plainWords = (s: string) =>
  s.replace(PLAIN_WORD_RE, (w) => matchCase(w, PLAIN_WORDS.get(w.toLowerCase()) ?? w));

/** A list of three padding adjectives keeps its first two. A list of real things is left alone. */
export function trimPaddingList(s: string): string {
  const m = s.match(LIST_OF_THREE);
  if (!m || [m[1], m[2], m[4]].filter((w) => PADDING_WORD.test(w)).length < 2) return s;
  return s.replace(m[0], `${m[1]} ${m[3]} ${m[2]}`);
}

export function addContractions(s: string): string {
  let out = s;
  for (const [re, to] of CONTRACTIONS) out = out.replace(re, to);
  return out;
}

/** Where a long sentence can become two, and how the second one starts. */
const BREAKS: ReadonlyArray<readonly [RegExp, string]> = [
  [/; |: (?=[a-z])/g, ""],
  [/, and (?!then\b)/g, ""],
  [/, but /g, "But "],
  [/, so /g, "So "],
  [/, which /g, "That "],
  [/,? because /g, "That's because "],
];

/** Splits a sentence of more than `maxWords` words at the break nearest its middle (then each half). */
export function splitLong(s: string, maxWords: number, depth = 2): string {
  const total = countWords(s);
  if (total <= maxWords || depth === 0) return s;
  let best: { at: number; length: number; start: string; gap: number } | undefined;
  for (const [re, start] of BREAKS) {
    for (const m of s.matchAll(re)) {
      const left = s.slice(0, m.index);
      const wordsLeft = countWords(left);
      if (wordsLeft < 6 || total - wordsLeft < 5) continue;
      if (start === "" && m[0].startsWith(",") && countWords(left.slice(left.lastIndexOf(",") + 1)) < 3) continue;
      const gap = Math.abs(total - 2 * wordsLeft);
      if (!best || gap < best.gap) best = { at: m.index, length: m[0].length, start, gap };
    }
  }
  if (!best) return s;
  const left = s.slice(0, best.at);
  const right = capitalizeSentence(best.start + s.slice(best.at + best.length));
  return `${splitLong(`${left}.`, maxWords, depth - 1)} ${splitLong(right, maxWords, depth - 1)}`;
}

/** Every fix that recognises its habit in the sentence, then the long-sentence break. */
export function fixSentence(sentence: string, maxWords: number): string {
  const steps = [
    dropChatbotLeftovers,
    dropConnective,
    cutSignificanceTail,
    plainPhrases,
    undoNotOnly,
    plainWords,
    trimPaddingList,
    addContractions,
  ];
  let out = sentence;
  for (const step of steps) out = step(out);
  out = addContractions(splitLong(out, maxWords));
  if (out === sentence) return sentence;
  return tidy(out);
}

function tidy(s: string): string {
  const out = s
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([.!?])\s+(\p{Ll})/gu, (_, p: string, l: string) => `${p} ${l.toUpperCase()}`)
    .trim();
  return out ? capitalizeSentence(fixArticles(out)) : "";
}

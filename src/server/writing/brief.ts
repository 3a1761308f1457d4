// Reads a free-text brief ("Write a blog post about how remote teams can run better weekly meetings")
// into the parts the offline writer fills its templates with: the kind of piece, the subject as a noun
// phrase, the audience, and the goal as a verb phrase. Rule-based and deterministic; when the brief is odd
// (one word, a question, all caps, another language) it falls back to a plain noun phrase.

import { capitalize, countWords } from "./text";

export type Kind =
  | "howto"
  | "listicle"
  | "comparison"
  | "guide"
  | "explainer"
  | "caseStudy"
  | "faq"
  | "checklist"
  | "review";

/** What an explainer explains: what X is, how X works, why X happens, or what X costs. */
export type Angle = "what" | "how" | "why" | "cost" | "none";

/** A noun phrase in the forms templates need. */
export interface NounPhrase {
  /** As a generic reference: "a CRM", "solar panels", "Google Business Profile". */
  text: string;
  /** Without its article: "CRM". */
  bare: string;
  /** Definite: "the CRM", "solar panels", "Google Business Profile". */
  the: string;
  /** Possessive: "your CRM", "your solar panels". */
  your: string;
  plural: boolean;
}

export interface Audience {
  /** As the brief wrote it: "a 10-person sales team", "homeowners considering installation". */
  text: string;
  /** A plural group that reads after "most" or "other": "10-person sales teams". */
  group: string;
  /** At most four words, for headings: "homeowners", "HR managers". */
  short: string;
}

export interface ParsedBrief {
  kind: Kind;
  angle: Angle;
  /** The H1, sentence case, at most 12 words. */
  title: string;
  subject: NounPhrase;
  /** True when the brief gave no usable subject and `subject` is a stand-in ("this topic"). */
  generic: boolean;
  audience?: Audience;
  /** A short verb phrase in base form (at most 8 words): "run better weekly meetings". */
  goal: string;
  /** The goal as the brief stated it, relative clauses included. */
  goalFull: string;
  /** True when the goal comes from the brief rather than a default. */
  goalStated: boolean;
  /** The result the brief asks for, addressed to the reader: "every order covers ingredients and labour". */
  outcome?: string;
  /** Things the brief asks to cover (", with the costs, the tools and …"). */
  extras: string[];
  /** A second question the brief asks, usable as a heading: "What the front desk can do". */
  secondary?: string;
  /** Comparison options (two or three), empty otherwise. */
  options: string[];
  /** The number a listicle promises ("Top 10 tips" → 10). */
  count?: number;
  /** The listicle's item noun ("tips", "ways", "mistakes"). */
  itemNoun?: string;
  /** True when the brief reads like a small business or marketing topic. */
  business: boolean;
}

// ---------------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------------

const PREPOSITIONS = new Set(
  "about above across after against along among around as at before behind below beneath beside between beyond by despite during for from in inside into like near of off on onto out over past per since through throughout till to toward towards under until up upon via with within without using".split(
    " ",
  ),
);

/** Words a heading or phrase must not end on. */
const DANGLING = new Set([
  ...PREPOSITIONS,
  ..."a an the and or but nor so yet how what why when where which who whom whose that this these those can could should would will shall may might must your my our their his her its if than then vs versus".split(
    " ",
  ),
]);

const DETERMINER = /^(?:a|an|the|your|my|our|their|his|her|its|this|that|these|those|some|any)\s+/i;

const MODALS = "can|could|should|might|may|must|will|would|need to|needs to|have to|has to";

const PEOPLE =
  /^(?:people|persons|team|teams|staff|owners?|homeowners?|businesses|business|compan(?:y|ies)|firms?|startups?|agenc(?:y|ies)|brands?|shops?|stores?|restaurants?|caf[eé]s?|bakeries|bakery|clinics?|practices|nonprofits?|charities|schools?|famil(?:y|ies)|kids|children|parents?|students?|teens?|teenagers?|adults?|seniors?|retirees?|beginners?|newcomers?|freelancers?|creators?|founders?|managers?|leaders?|marketers?|developers?|engineers?|designers?|writers?|bloggers?|authors?|coaches?|consultants?|therapists?|physiotherapists?|doctors?|dentists?|nurses?|lawyers?|accountants?|teachers?|educators?|employees?|employers?|workers?|buyers?|sellers?|landlords?|tenants?|renters?|investors?|customers?|clients?|patients?|users?|readers?|members?|volunteers?|couples?|women|men|mums|moms|dads|mothers|fathers|travell?ers?|runners?|gardeners?|cooks?|chefs?|bakers?|retailers?|vendors?|suppliers?|contractors?|plumbers?|electricians?|photographers?|artists?|musicians?|podcasters?|youtubers?|organi[sz]ations?|departments?|individuals?|professionals?|entrepreneurs?|solopreneurs?|everyone|anyone|beginners|novices|hobbyists|households?|landowners?|farmers?|drivers?|riders?|cyclists?|athletes?|players?|gamers?|shoppers?|guests?|hosts?|planners?|recruiters?|candidates?|graduates?|interns?|executives?|ceos?|ctos?|cfos?|directors?|admins?|administrators?|agents?|realtors?|brokers?|advisers?|advisors?|officers?|ops|professors?|researchers?|scientists?|analysts?|programmers?|coders?|sales)$/i;

/** Words ending in -ing that are usually nouns, not gerunds. */
const ING_NOUNS = new Set(
  "marketing pricing branding accounting banking clothing engineering morning evening spring king ring thing nothing something anything everything ceiling wedding meeting meetings setting settings housing funding hosting catering consulting landscaping parking shipping wording building buildings training planning budgeting bookkeeping recruiting onboarding offboarding networking coaching lighting heating roofing flooring plumbing wiring painting seating clothing bedding filling icing frosting dressing pudding stuffing seasoning tubing spacing timing listing listings rating ratings ranking rankings hiring staffing outsourcing invoicing packaging sourcing ticketing".split(
    " ",
  ),
);

/** Verbs whose -ing or -ed form keeps a final "e" off ("using" → "use" needs the "e" back). */
const E_STEMS =
  /(?:^(?:us|mak|tak|bak|writ|hir|mov|sav|hid|rid|vot|not|shar|scal|choos|los|clos|rais|pric|driv|giv|liv|creat|tim|typ|wip|shap|serv|solv|chang|rang|arrang|exchang|manag|engag|encourag|charg|judg|merg|purg|forg|emerg|urg|leverag|messag|packag|stor|scor|shor|explor|ignor|restor|prepar|compar|declar|measur|secur|captur|structur|ensur|insur|cur|retir|requir|inspir|acquir|admir|decid|provid|guid|divid|includ|conclud|exclud|combin|defin|examin|determin|shin|lin|min|outlin|declin|refin|promot|vot|quot|complet|delet|compet|schedul|rul|handl|tackl|settl|bundl|cycl|recycl|titl|struggl|juggl|sampl|reduc|produc|introduc|balanc|financ|practic|servic|replac|announc|advanc|enhanc|influenc|experienc|convinc|forc|plac|fac|trac|sourc|pac|danc|improv|approv|remov|achiev|receiv|believ|relieve|behav|observ|reserv|conserv|deserv|involv|evolv|revolv|licens|rins|sens|respons|purchas|increas|decreas|releas|leas|eas|pleas|pav|rescu|continu|argu|valu|queu|issu|pursu|du|tru|glu|accru|organiz|optimiz|prioritiz|summariz|personaliz|recogniz|realiz|minimiz|maximiz|automat|updat|calculat|generat|translat|motivat|educat|communicat|delegat|facilitat|navigat|evaluat|estimat|celebrat|negotiat|operat|integrat|migrat|rotat|elevat|dictat|locat|relat|rat|dat|stat|hat|gaz|amaz|freez|sneez|squeez|breath|bath|sooth|cloth|writ|recit|invit|excit|unit|cit|quit|vibrat|illustrat|demonstrat|concentrat|creat|initiat|validat|accommodat|consolidat|renovat|insulat|regulat|simulat|stimulat|cultivat|activat|captivat|innovat|aggravat)$)/i;

const DOUBLE_KEEP = /(?:ll|ss|ff|zz|dd)$/; // "spelling", "passing", "adding"
const DOUBLE_FIX = new Set([
  "add",
  "err",
  "buzz",
  "fill",
  "sell",
  "tell",
  "call",
  "pass",
  "miss",
  "kill",
  "spell",
  "staff",
]);

const PAST_IRREGULAR: Record<string, string> = {
  got: "get",
  grew: "grow",
  won: "win",
  built: "build",
  made: "make",
  cut: "cut",
  went: "go",
  took: "take",
  found: "find",
  brought: "bring",
  beat: "beat",
  hit: "hit",
  saw: "see",
  kept: "keep",
  ran: "run",
  set: "set",
  spent: "spend",
  sold: "sell",
  rose: "rise",
  fell: "fall",
  drew: "draw",
  wrote: "write",
  began: "begin",
  taught: "teach",
  bought: "buy",
  landed: "land",
  raised: "raise",
  turned: "turn",
};

const BRANDS =
  /^(?:Google|Apple|Microsoft|Amazon|Shopify|WordPress|Notion|Obsidian|Slack|Excel|Python|JavaScript|TypeScript|TikTok|Instagram|Facebook|LinkedIn|YouTube|Etsy|Stripe|HubSpot|Salesforce|Zoom|Canva|Mailchimp|Squarespace|Wix|WooCommerce|Trello|Asana|Figma|Airbnb|Uber|Pinterest|Reddit|Twitter|Threads|Gmail|Outlook|Android|iPhone|iOS|Mac|Windows|Linux|ChatGPT|Claude|Roth|Medicare|Medicaid|Spotify|Netflix|Tesla|Kindle|Xero|QuickBooks|Substack|Patreon|Discord|Jira|Zapier|Airtable|Monday|Christmas|Easter|Halloween|Black|English|Spanish|French|German|European|American|British|Canadian|Australian)$/;

const FOREIGN_WORDS =
  /^(?:el|la|los|las|de|del|en|y|con|para|por|cómo|como|qué|que|una|un|es|son|mejorar|le|les|des|du|et|pour|avec|comment|est|une|der|die|das|und|mit|für|wie|ist|ein|eine|zu|il|di|della|per|con|come|che|uma|um|do|da|dos|das|para|não|och|och|het|een|van|voor|hoe)$/i;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

function words(s: string): string[] {
  return s.split(/\s+/).filter(Boolean);
}

function clean(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .replace(/^[\s"'“”‘’(\-–—,;:]+|[\s"'“”‘’)\-–—.,;:!]+$/g, "")
    .trim();
}

/** Drops trailing (and leading conjunction) words a phrase must not end on. */
export function trimDangling(phrase: string): string {
  const w = words(phrase.replace(/[\s,;:–—-]+$/, ""));
  while (w.length > 1 && DANGLING.has(w[w.length - 1].toLowerCase().replace(/[^\p{L}'-]/gu, ""))) w.pop();
  while (w.length > 1 && /^(?:and|or|but|so|then)$/i.test(w[0])) w.shift();
  return w.join(" ").replace(/[,;:–—-]+$/, "");
}

/** True when the phrase ends on a word a heading must not end on (preposition, article, "how"). */
export function endsDangling(phrase: string): boolean {
  const last = words(phrase.replace(/[?!.:]+$/, "")).pop() ?? "";
  return DANGLING.has(last.toLowerCase());
}

function isPluralWord(w: string): boolean {
  if (/^(?:people|children|men|women|staff|police|cattle|data|media)$/i.test(w))
    return !/^(?:data|media|staff)$/i.test(w);
  if (/^[A-Z0-9]+s$/.test(w)) return true; // CRMs, APIs
  if (/^[A-Z0-9]{2,}$/.test(w)) return false;
  if (
    /(?:analytics|physics|economics|ethics|logistics|mathematics|politics|statistics|genetics|athletics|aesthetics|ergonomics|robotics|electronics|linguistics|basics)$/i.test(
      w,
    )
  )
    return /basics$/i.test(w);
  return /[^s'u]s$/i.test(w) && !/(?:ss|us|is|ness|news|series|species|ous)$/i.test(w);
}

/** The head noun of a noun phrase: the last word before a preposition or relative clause. */
function headIndex(ws: string[]): number {
  let i = 0;
  for (; i < ws.length; i++) {
    const w = ws[i].toLowerCase();
    if (
      i > 0 &&
      (PREPOSITIONS.has(w) ||
        /^(?:who|that|which|considering|looking|wanting|trying|starting|running|working|living|based|new)$/.test(w))
    )
      break;
  }
  return Math.max(0, i - 1);
}

function pluralWord(w: string): string {
  if (isPluralWord(w) || /^(?:staff|people|everyone|anyone)$/i.test(w)) return w;
  if (/^[A-Z0-9]{2,}$/.test(w)) return `${w}s`;
  if (/[^aeiou]y$/i.test(w)) return `${w.slice(0, -1)}ies`;
  if (/(?:ch|sh|x|s|z)$/i.test(w)) return `${w}es`;
  if (/^(?:man|woman|child|person)$/i.test(w))
    return { man: "men", woman: "women", child: "children", person: "people" }[w.toLowerCase()] ?? w;
  return `${w}s`;
}

export function nounPhrase(phrase: string): NounPhrase {
  const text = clean(phrase);
  const det = text.match(DETERMINER)?.[0].trim().toLowerCase() ?? "";
  const bare = det ? text.slice(text.match(DETERMINER)![0].length) : text;
  const ws = words(bare);
  const head = ws[headIndex(ws)] ?? "";
  const plural = isPluralWord(head);
  const countable = det === "a" || det === "an";
  return {
    text: det === "the" || det === "your" || countable || det === "" ? text : bare,
    bare,
    the: countable || det === "the" ? `the ${bare}` : det === "your" ? `your ${bare}` : bare,
    your: `your ${bare}`,
    plural,
  };
}

function audienceOf(phrase: string): Audience | undefined {
  const text = trimDangling(clean(phrase).replace(/[?]+$/, ""));
  if (!text) return undefined;
  const bare = text.replace(DETERMINER, "");
  const ws = words(bare);
  const h = headIndex(ws);
  if (!PEOPLE.test(ws[h] ?? "") && !/(?:ers|ors|ists|ians)$/i.test(ws[h] ?? "")) return undefined;
  const group = [...ws.slice(0, h), pluralWord(ws[h]), ...ws.slice(h + 1)].join(" ");
  const short = ws.length <= 5 ? group : [...ws.slice(Math.max(0, h - 3), h), pluralWord(ws[h])].join(" ");
  return { text, group, short };
}

/** "choosing" → "choose", "running" → "run", "got" → "get". */
export function toBase(verb: string): string {
  const v = verb.toLowerCase();
  if (PAST_IRREGULAR[v]) return PAST_IRREGULAR[v];
  let stem = "";
  if (/ing$/.test(v) && v.length > 4) stem = v.slice(0, -3);
  else if (/ied$/.test(v)) return `${v.slice(0, -3)}y`;
  else if (/ed$/.test(v) && v.length > 3) stem = v.slice(0, -2);
  else return v;
  if (/([b-df-hj-np-tv-z])\1$/.test(stem) && !DOUBLE_KEEP.test(stem)) return stem.slice(0, -1);
  if (DOUBLE_FIX.has(stem)) return stem;
  if (/(?:[^aeiou]l)$/.test(stem) && /(?:bl|pl|tl|dl|gl|kl|cl|zl|fl)$/.test(stem)) return `${stem}e`;
  if (E_STEMS.test(stem)) return `${stem}e`;
  return stem;
}

/** "sleep" → "sleeping", "run" → "running", "make" → "making". */
export function toGerund(verb: string): string {
  const v = verb.toLowerCase();
  if (/ie$/.test(v)) return `${v.slice(0, -2)}ying`;
  if (/(?:ee|ye|oe)$/.test(v)) return `${v}ing`;
  if (/[^aeiou]e$/.test(v) || /[aiu]e$/.test(v)) return `${v.slice(0, -1)}ing`;
  if (
    /^(?:run|get|set|cut|put|sit|win|plan|stop|shop|swim|begin|hit|let|dig|chat|drop|ship|grab|jog|skip|prep|quit|map|tap|log|blog|vet|bet|rub|jot|fit|spot|plot|trim|slim|wrap|scan|tag|drag|brag)$/.test(
      v,
    )
  )
    return `${v}${v.slice(-1)}ing`;
  return `${v}ing`;
}

/** True for a gerund ("choosing"); words like "marketing" count only when an object or particle follows. */
function isGerund(w: string, next = ""): boolean {
  if (!/^[a-z]{3,}ing$/i.test(w)) return false;
  if (!ING_NOUNS.has(w.toLowerCase())) return true;
  return /^(?:a|an|the|your|my|our|their|up|out|down|off|back|together|new|more|better)$/i.test(next);
}

/**
 * Shortens a phrase to at most `max` words by cutting at the loosest clause boundary that fits:
 * commas and "instead of …" first, then relative clauses, then "and", then prepositions.
 */
export function shorten(s: string, max: number): string {
  if (countWords(s) <= max) return s;
  const markers = [
    /,\s/g,
    /\s(?:instead of|without|while|rather than|so that|so|because|even if|before|after|until|by|twice|every|each)\s/gi,
    /\s(?:that|which|who|where|when)\s/gi,
    /\s(?:and|or)\s/gi,
    /\s(?:with|for|in|on|at|to|from|of)\s/gi,
  ];
  for (const re of markers) {
    const ms = [...s.matchAll(re)];
    for (let i = ms.length - 1; i >= 0; i--) {
      const cut = trimDangling(s.slice(0, ms[i].index));
      if (countWords(cut) <= max && countWords(cut) >= 2) return cut;
    }
  }
  return capWords(s, max);
}

/** Swaps third-person references to the readers for "you": "so they can decide" → "so you can decide". */
function toSecondPerson(s: string): string {
  return s
    .replace(/\bthey're\b/gi, "you're")
    .replace(/\bthey've\b/gi, "you've")
    .replace(/\bthey\b/gi, "you")
    .replace(/\bthemselves\b/gi, "yourself")
    .replace(/\btheir\b/gi, "your")
    .replace(/\bthem\b/gi, "you");
}

function capWords(s: string, max: number): string {
  const w = words(s);
  return w.length <= max ? s : trimDangling(w.slice(0, max).join(" "));
}

/** Cuts a phrase before its first relative clause or trailing qualifier, if what's left still says something. */
function cutQualifiers(s: string, minWords = 2): string {
  const m = s.match(
    /^(.+?)\s+(?:that|which|who|so|instead of|without|while|rather than|because|even if|even when|whether|,)\s/i,
  );
  const cut = m ? m[1] : s;
  return countWords(cut) >= minWords ? trimDangling(cut.replace(/,$/, "")) : s;
}

function splitList(s: string): string[] {
  return s
    .split(/,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*/)
    .map((p) => clean(p).replace(DETERMINER, ""))
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Normalising the text
// ---------------------------------------------------------------------------------------------

const ACRONYMS =
  /^(?:SEO|CRM|CRMs|AI|API|APIs|IRA|IRAs|ROI|HR|B2B|B2C|SaaS|USA|UK|US|EU|FAQ|FAQs|PR|SMS|CEO|CTO|CFO|KPI|KPIs|PDF|VAT|DIY|EV|EVs|HVAC|GDPR|HIPAA|IT|UX|UI|PPC|CRO|CMS|ERP|POS|ADHD|NHS|RMD|RMDs|SAFE|ETF|ETFs|401k|401\(k\)|TV|PC|NFT|LLC|LLM|LLMs|GBP|USD|EUR|ISA|ISAs)$/;

function normalise(raw: string): { text: string; question: boolean } {
  let s = (raw ?? "")
    .replace(/\p{Extended_Pictographic}|\p{So}|\p{Co}|\u200d|\ufe0f/gu, " ")
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (s.length > 240) {
    const first = s.split(/(?<=[.!?])\s+/)[0] ?? s;
    s = first;
  }
  if (countWords(s) > 40) s = words(s).slice(0, 40).join(" ");
  const letters = s.match(/\p{L}/gu) ?? [];
  const upper = s.match(/\p{Lu}/gu) ?? [];
  if (letters.length >= 8 && upper.length / letters.length > 0.7) {
    s = s
      .split(" ")
      .map((w) => (ACRONYMS.test(w.replace(/[^\w()]/g, "")) ? w : w.toLowerCase()))
      .join(" ");
  }
  const question = /\?\s*$/.test(s) || /^(?:what|why|how|when|where|which|who|should|can|do|does|is|are)\b/i.test(s);
  s = s.replace(/^(?:#+\s*|[-*•]\s+)/, "").replace(/[\s.!?;:,]+$/g, "");
  return { text: s, question: /\?\s*$/.test(raw ?? "") || (question && /\?/.test(raw ?? "")) };
}

function lowerSentenceStart(s: string): string {
  const ws = s.split(" ");
  const first = ws[0] ?? "";
  const next = ws[1] ?? "";
  if (!/^[A-Z][a-z'’-]+$/.test(first) || BRANDS.test(first)) return s;
  if (/^[A-Z]/.test(next) && !/^(?:I|A)$/.test(next)) return s; // "Google Business Profile"
  return first.toLowerCase() + s.slice(first.length);
}

function looksForeign(s: string): boolean {
  const ws = words(s.toLowerCase().replace(/[^\p{L}\s]/gu, " "));
  if (ws.length === 0) return false;
  const foreign = ws.filter((w) => FOREIGN_WORDS.test(w)).length;
  const accented = /[áéíóúñçãõàèìòùâêîôûäöüß¿¡]/i.test(s);
  const english = ws.filter((w) =>
    /^(?:the|and|to|for|with|how|what|why|your|you|of|on|in|is|are|a|an)$/.test(w),
  ).length;
  return (
    (foreign >= 2 && foreign > english) ||
    (accented && foreign >= 1 && english === 0) ||
    /\p{Script=Han}|\p{Script=Cyrillic}|\p{Script=Arabic}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}|\p{Script=Greek}|\p{Script=Hebrew}|\p{Script=Devanagari}|\p{Script=Thai}/u.test(
      s,
    )
  );
}

// ---------------------------------------------------------------------------------------------
// Kind labels and request wrappers
// ---------------------------------------------------------------------------------------------

const DOC_NOUN =
  "how-to guide|how-to|how to guide|blog post|blog article|blog|article|post|piece|guide|tutorial|walkthrough|listicle|list|explainer|overview|faq page|faq section|faqs?|checklist|review|case study|comparison|primer|introduction|intro|write-up|newsletter|essay|page|content";

const DOC_ADJ =
  "short|long|quick|brief|detailed|in-depth|comprehensive|simple|complete|ultimate|practical|friendly|beginner'?s'?|beginner-friendly|step-by-step|seo|seo-friendly|\\d+[- ]words?|informative|engaging|helpful|useful|new|fun|plain-english|plain english";

function kindFromDoc(noun: string): Kind | null {
  const n = noun.toLowerCase();
  if (/how.?to|tutorial|walkthrough|step-by-step/.test(n)) return "howto";
  if (/listicle|^list$|tips/.test(n)) return "listicle";
  if (/compar|\bvs\b/.test(n)) return "comparison";
  if (/explainer|explain/.test(n)) return "explainer";
  if (/case stud/.test(n)) return "caseStudy";
  if (/faq|questions/.test(n)) return "faq";
  if (/checklist/.test(n)) return "checklist";
  if (/review/.test(n)) return "review";
  if (/guide|primer|overview|introduction|intro/.test(n)) return "guide";
  return null;
}

const LABEL_KIND = new RegExp(
  `^(?:(?:${DOC_ADJ})\\s+)*(?:${DOC_NOUN}|tips|ideas|topic|title|brief|subject|question|explain|compare)$`,
  "i",
);

// ---------------------------------------------------------------------------------------------
// Verb phrases
// ---------------------------------------------------------------------------------------------

const GENERIC_OBJECTS =
  /^(?:money|time|results?|customers|clients|sales|calls|leads|traffic|visitors|followers|bookings|orders|revenue|profit|more|it|them|things|stuff|people|members|subscribers|signups|sign-ups|reviews)$/i;

const QUANTIFIERS =
  /^(?:more|better|fewer|less|faster|cheaper|bigger|smaller|stronger|higher|lower|great|good|effective|successful|the most|the best|most|best|consistent|regular|proper|smarter|shorter|longer|clearer|happier|healthier)\s+/i;

interface VerbPhrase {
  goalFull: string;
  goal: string;
  subject?: string;
}

/** Finds the noun phrase a verb phrase is about: the tool it uses, or its object. */
function analyseVerbPhrase(vpRaw: string): VerbPhrase {
  let vp = trimDangling(clean(vpRaw));
  // Lower-case a sentence-initial verb ("Start a podcast").
  vp = lowerSentenceStart(vp);
  const ws = words(vp);
  if (ws.length === 0) return { goalFull: "", goal: "" };
  // Join gerund lists: "setting up an account and teaching a budget" → base forms.
  vp = vp.replace(/\band\s+([a-z]{3,}ing)\s+(\S+)/g, (m, g: string, next: string) =>
    isGerund(g, next) ? `and ${toBase(g)} ${next}` : m,
  );
  const tool = vp.match(
    /^(.+?)\s+(?:with|using|via|through|in|on|from)\s+((?:the\s+|your\s+)?[A-Z][\w'&.+-]*(?:\s+[A-Z][\w'&.+-]*)*)$/,
  );
  const toolLower = vp.match(
    /^(.+?)\s+(?:with|using|via|through)\s+((?:the\s+|your\s+)?[a-z][\w'-]*(?:\s+[\w'-]+){0,3})$/,
  );
  let subject: string | undefined;
  let core = vp;
  if (tool && countWords(tool[1]) >= 2) {
    core = tool[1];
    subject = tool[2];
  } else if (
    toolLower &&
    countWords(toolLower[1]) >= 2 &&
    !/\b(?:that|which|who)\b/.test(toolLower[2]) &&
    !audienceOf(toolLower[2])
  ) {
    core = toolLower[1];
    subject = toolLower[2];
  }
  const goalFull = core;
  const goal = shorten(core, 8);
  if (!subject) subject = objectOf(core);
  return { goalFull, goal, subject };
}

function objectOf(vp: string): string | undefined {
  const ws = words(vp);
  let i = 1;
  if (/^(?:up|out|down|off|back|over|away|around|together|started)$/i.test(ws[i] ?? "")) i++;
  const rest = ws.slice(i);
  // The object runs until a preposition, a relative clause or a conjunction.
  const obj: string[] = [];
  let j = 0;
  for (; j < rest.length; j++) {
    const w = rest[j].toLowerCase().replace(/[,;]$/, "");
    if (
      PREPOSITIONS.has(w) ||
      /^(?:that|which|who|so|and|or|but|while|instead|without|because|when|if|every|each|twice|once)$/.test(w)
    )
      break;
    obj.push(rest[j].replace(/[,;]$/, ""));
    if (/[,;]$/.test(rest[j])) {
      j++;
      break;
    }
  }
  let np = obj.join(" ");
  while (QUANTIFIERS.test(np) && countWords(np) > 1) np = np.replace(QUANTIFIERS, "");
  const after = rest.slice(j);
  const prepNp = () => {
    if (after.length < 2 || !PREPOSITIONS.has(after[0].toLowerCase())) return undefined;
    const inner = after.slice(1).join(" ");
    if (isGerund(after[1] ?? "", after[2])) return objectOf(`${toBase(after[1])} ${after.slice(2).join(" ")}`);
    return cutQualifiers(nounPart(inner), 1);
  };
  if (!np || GENERIC_OBJECTS.test(np.replace(DETERMINER, ""))) {
    const p = prepNp();
    if (p) return p;
  }
  if (!np) {
    // Intransitive: "sleep better" → "sleeping better".
    const verb = ws[0];
    const tail = ws.slice(1, 3).filter((w) => !PREPOSITIONS.has(w.toLowerCase()));
    return [toGerund(verb), ...tail].join(" ");
  }
  return np;
}

/** The leading noun phrase of a string (up to a preposition, clause or punctuation). */
function nounPart(s: string): string {
  const ws = words(s);
  const out: string[] = [];
  for (const w of ws) {
    const bare = w.toLowerCase().replace(/[,;:]$/, "");
    if (
      out.length > 0 &&
      (PREPOSITIONS.has(bare) || /^(?:that|which|who|so|and|or|but|while|is|are|can|should|will|when|if)$/.test(bare))
    )
      break;
    out.push(w.replace(/[,;:]$/, ""));
    if (/[,;:]$/.test(w)) break;
  }
  return out.join(" ");
}

// ---------------------------------------------------------------------------------------------
// Clauses ("patients drop out of treatment", "easy runs should feel slow")
// ---------------------------------------------------------------------------------------------

const VERBISH =
  /^(?:is|are|was|were|matters?|works?|fails?|helps?|happens?|drops?|quits?|leaves?|stops?|loses?|chooses?|gets?|needs?|costs?|struggles?|burns?|changes?|affects?|makes?|takes?|beats?|wins?|grows?|breaks?|feels?|looks?|sells?|buys?|goes|go|come|comes|do|does|did|have|has|can|could|should|must|might|may|will|would|keep|keeps|use|uses|pay|pays|cause|causes|lead|leads|turn|turns|run|runs|hurt|hurts|miss|misses|ignore|ignores|avoid|avoids)$/i;

interface Clause {
  subject: string;
  verb: string;
  rest: string;
}

function splitClause(s: string): Clause | undefined {
  const ws = words(s);
  for (let i = 1; i < ws.length; i++) {
    const w = ws[i];
    const prev = ws[i - 1];
    const plainPrev = !DETERMINER.test(`${prev} x`) && !/^(?:of|for|to|in|on|with)$/i.test(prev);
    if (
      (VERBISH.test(w) && plainPrev) ||
      (isPluralWord(prev) &&
        /^[a-z]+$/.test(w) &&
        !isPluralWord(w) &&
        !PREPOSITIONS.has(w) &&
        !/^(?:and|or|who|that|which|the|a|an)$/.test(w) &&
        !/ing$/.test(w))
    ) {
      return { subject: ws.slice(0, i).join(" "), verb: w, rest: ws.slice(i + 1).join(" ") };
    }
  }
  return undefined;
}

/** A noun phrase for a why/how clause: its subject, or the clause made nominal when the subject is people. */
function clauseTopic(c: Clause): string {
  const subj = c.subject.replace(DETERMINER, "");
  const head = words(subj).pop() ?? "";
  if (
    !PEOPLE.test(head) ||
    /^(?:is|are|can|could|should|do|does|did|will|would|must|might|may|have|has)$/i.test(c.verb)
  )
    return c.subject;
  const rest = nounPart(c.rest.replace(/^(out|up|off|away|back|down)\b\s*/i, (m) => m)).trim();
  const particle = c.rest.match(/^(?:out of|out|up|off|away|back|down)\b/i)?.[0] ?? "";
  const obj = particle ? `${particle} ${nounPart(c.rest.slice(particle.length).trim())}`.trim() : rest;
  return capWords(`${subj} ${toGerund(toBase(c.verb.replace(/s$/, "")))} ${obj}`.trim(), 6);
}

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

interface Draft {
  kind?: Kind;
  angle: Angle;
  subject?: string;
  audience?: string;
  goalFull?: string;
  goal?: string;
  outcome?: string;
  extras: string[];
  options: string[];
  count?: number;
  itemNoun?: string;
  /** The title as the brief phrased it, if it reads as one. */
  title?: string;
  /** A tool phrase cut off the goal ("with Google Business Profile"). */
  tool?: string;
  /** True when the audience came from the topic itself ("… for remote workers"). */
  audienceInTopic?: boolean;
  /** A second question, as written ("how to plan withdrawals to keep their tax bill down"). */
  secondaryRaw?: string;
}

const NUMBER_WORDS: Record<string, number> = {
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};

/** Pulls a trailing "for <audience>" off a phrase when it names people. */
function takeAudience(d: Draft, s: string): string {
  const m = s.match(/^(.*?)\s*\bfor\s+(.+)$/i);
  if (!m) return s;
  const aud = audienceOf(m[2]);
  if (!aud) return s;
  d.audience ??= aud.text;
  d.audienceInTopic = true;
  return m[1] || s;
}

/** A title of at most 12 words: the full phrase if it fits, else the phrase cut at a clause boundary. */
function fitTitle(prefix: string, phrase: string, suffix = ""): string {
  const full = `${prefix}${phrase}${suffix}`;
  if (countWords(full) <= 12) return full;
  const room = 12 - countWords(prefix) - countWords(suffix);
  if (room >= 3) return `${prefix}${shorten(phrase, room)}${suffix}`;
  return `${prefix}${shorten(phrase, 12 - countWords(prefix))}`;
}

function parseTopic(d: Draft, topicRaw: string): void {
  let topic = clean(topicRaw);
  let m: RegExpMatchArray | null;

  // "How do I get better sleep", "how can we cut costs": a how-to in question form.
  m = topic.match(/^(?:how|where)\s+(?:do|can|should|could|would|might)\s+(?:i|you|we|one)\s+(.+)$/i);
  if (m) topic = `how to ${m[1]}`;
  // "Why do startups fail" → "why startups fail"; "why is sleep important" → "why sleep is important".
  m = topic.match(/^(why|how|when)\s+(do|does|did|is|are|was|were)\s+(.+)$/i);
  if (m && !/^(?:i|you|we)\b/i.test(m[3])) {
    const clause = splitClause(m[3]);
    topic =
      /^(?:do|does|did)$/i.test(m[2]) || !clause
        ? `${m[1]} ${m[3]}`
        : `${m[1]} ${clause.subject} ${m[2]} ${clause.verb} ${clause.rest}`.trim();
    d.title ??= fitTitle("", capitalize(topicRaw.replace(/\?+$/, "")));
  }
  // "Is a heat pump worth it": a review of the thing.
  m = topic.match(/^(?:is|are)\s+(.+?)\s+worth\s+(?:it|the\s+\w+|buying|paying for|getting)\b/i);
  if (m && countWords(m[1]) <= 6) {
    d.kind ??= "review";
    d.subject = m[1];
    d.title ??= capitalize(topic);
    return;
  }
  // "What should I know before adopting a dog".
  m = topic.match(/^what\s+(?:should|do|does)\s+(?:i|you|we)\s+(?:need\s+to\s+)?know\s+(?:about|before)\s+(.+)$/i);
  if (m) {
    d.kind ??= "guide";
    d.title ??= capitalize(topic);
    const w = words(m[1]);
    if (isGerund(w[0] ?? "", w[1])) applyGoal(d, takeAudience(d, `${toBase(w[0])} ${w.slice(1).join(" ")}`));
    else d.subject = cutQualifiers(nounPart(takeAudience(d, m[1])), 1);
    return;
  }

  // Comparisons.
  m =
    topic.match(/^(?:the\s+)?(?:differences?|choice)\s+between\s+(.+?)\s+and\s+(.+)$/i) ??
    topic.match(
      /^(?:compare|comparing|choosing between|deciding between)\s+(.+?)\s+(?:and|or|with|to|vs\.?|versus)\s+(.+)$/i,
    ) ??
    topic.match(/^(?:which is better,?\s+)?(.+?)\s+(?:vs\.?|versus)\s+(.+)$/i) ??
    (d.kind === "comparison" ? topic.match(/^(?:which is better,?\s+)?(.+?)\s+or\s+(.+)$/i) : null);
  if (m) {
    const left = clean(m[1]).replace(/^(?:which is better,?\s+|should (?:i|you) (?:choose|pick|use)\s+)/i, "");
    const rightAll = clean(m[2]);
    const cut = rightAll.match(/^(.+?)(?:\s*[:,?(]\s*|\s+(?:for|in|when|if|as|on|at|to|from)\s+)(.*)$/);
    const right = cut ? clean(cut[1]) : rightAll;
    const tail = cut ? rightAll.slice(cut[1].length) : "";
    const aud = tail.match(/\bfor\s+(.+)$/i);
    if (aud && audienceOf(aud[1])) {
      d.audience ??= audienceOf(aud[1])!.text;
      d.audienceInTopic = true;
    }
    if (countWords(left) <= 5 && countWords(right) <= 5 && left && right) {
      d.kind = d.kind === "review" ? "review" : "comparison";
      const options = left.split(/,\s*/).concat(right).map(clean);
      d.options = options.length === 3 ? options : [left, right];
      d.subject = left;
      const vs = /^(?:the\s+)?differences?\s+between/i.test(topic)
        ? `The difference between ${left} and ${right}`
        : `${capitalize(left)} vs ${right}`;
      d.title ??= /^the difference/i.test(vs) ? vs : fitTitle(vs, d.audience ? ` for ${d.audience}` : "");
      if (countWords(d.title) > 12) d.title = vs;
      return;
    }
  }

  // Listicles: "Top 10 tips for first-time home buyers", "7 ways SaaS startups can reduce churn".
  m =
    topic.match(
      /^(?:the\s+)?(?:top\s+)?(\d{1,2}|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\s+((?:(?:best|simple|easy|quick|practical|proven|essential|common|great|smart|useful|key|biggest|surprising|costly|expert|little|small|must-have|powerful|creative|free|cheap)\s+)*)([A-Za-z-]+)\s*(.*)$/i,
    ) ??
    topic.match(
      /^()()(tips|ideas|ways|mistakes|strategies|tricks|hacks|rules|habits|lessons|reasons|steps|questions)\s+(.+)$/i,
    );
  if (m) {
    const n = m[1] ? (NUMBER_WORDS[m[1].toLowerCase()] ?? Number.parseInt(m[1], 10)) : undefined;
    d.kind = d.kind === "faq" || d.kind === "checklist" ? d.kind : "listicle";
    d.count = n && n > 0 ? n : undefined;
    d.itemNoun = `${m[2]}${m[3]}`.trim().toLowerCase();
    d.title ??= fitTitle("", capitalize(topic));
    const rest = m[4].replace(/^to avoid\s+/i, "").replace(/^(?:that|which)\s+(?:help|will help|can help)\s+/i, "for ");
    const actor = rest.match(new RegExp(`^(.+?)\\s+(?:${MODALS}|do|does)\\s+(?:use\\s+to\\s+)?(.+)$`, "i"));
    if (/^to\s+/i.test(rest)) {
      applyGoal(d, takeAudience(d, rest.replace(/^to\s+/i, "")));
    } else if (actor && audienceOf(actor[1])) {
      d.audience ??= audienceOf(actor[1])!.text;
      applyGoal(d, actor[2]);
    } else if (/^(?:for|on|about|when|in|with|of)\s+/i.test(rest)) {
      const inner = rest.replace(/^(?:for|on|about|when|in|with|of)\s+/i, "");
      const iw = words(inner);
      if (isGerund(iw[0] ?? "", iw[1])) applyGoal(d, takeAudience(d, `${toBase(iw[0])} ${iw.slice(1).join(" ")}`));
      else if (takeAudience(d, `x for ${inner}`) !== "x") d.subject = cutQualifiers(nounPart(inner), 1);
      else d.subject = activityOf(d.audience ?? "");
    } else if (rest) {
      d.subject = cutQualifiers(nounPart(takeAudience(d, rest)), 1);
    }
    return;
  }

  // A second question: "X and how to Y", "X and what Z can do".
  const second = topic.match(/^(.+?),?\s+and\s+((?:how|what|why|when|where|which)\b.+)$/i);
  if (second) {
    topic = clean(second[1]);
    d.secondaryRaw = takeAudience(d, clean(second[2]));
  }

  // "What is a Roth IRA".
  m = topic.match(/^what\s+(?:is|are)\s+(.+)$/i);
  if (m && !/^(?:the\s+)?(?:best|difference)\b/i.test(m[1])) {
    d.kind ??= "explainer";
    d.angle = "what";
    d.subject = cutQualifiers(nounPart(takeAudience(d, m[1])), 1);
    d.title ??= `What ${/^are$/i.test(topic.split(" ")[1]) ? "are" : "is"} ${d.subject}`;
    return;
  }
  // "What to check before signing a tenant".
  m = topic.match(/^what\s+to\s+(.+)$/i);
  if (m) {
    d.kind ??= "checklist";
    const vp = analyseVerbPhrase(takeAudience(d, m[1]));
    d.goalFull = `know what to ${vp.goalFull}`;
    d.goal = shorten(`know what to ${vp.goalFull}`, 8);
    d.subject = vp.subject;
    d.title ??= fitTitle("What to ", vp.goalFull);
    return;
  }
  // "What first-party data is", "what a heat pump costs to run compared with a gas boiler".
  m = topic.match(
    /^what\s+(.+?)\s+(is|are|means?|does|do|costs?(?:\s+to\s+\w+)?|involves?|includes?|looks? like|takes?|requires?|changes?)\b\s*(.*)$/i,
  );
  if (m && countWords(m[1]) <= 6) {
    d.kind ??= "explainer";
    d.angle = /^costs?/i.test(m[2]) ? "cost" : "what";
    d.subject = clean(m[1]);
    const cmp = m[3].match(/\bcompared (?:with|to)\s+(.+)$/i) ?? m[3].match(/\b(?:vs\.?|versus)\s+(.+)$/i);
    if (cmp) d.options = [d.subject, cutQualifiers(nounPart(takeAudience(d, cmp[1])), 1)];
    const tail = trimDangling(takeAudience(d, `x ${m[3]}`).slice(1).trim());
    d.title ??= fitTitle(`What ${d.subject} ${m[2]}`, tail ? ` ${tail}` : "");
    return;
  }

  // "How solar panels work", "how required minimum distributions work".
  m = topic.match(/^how\s+(?!to\b)(.+?)\s+(works?|functions?|operates?|happens?)\b\s*(.*)$/i);
  if (m && countWords(m[1]) <= 6 && !new RegExp(`\\b(?:${MODALS})\\b`, "i").test(m[1])) {
    d.kind ??= "explainer";
    d.angle = "how";
    d.subject = clean(m[1]);
    takeAudience(d, m[3]);
    const plural = nounPhrase(d.subject).plural;
    const base = `How ${d.subject} ${plural ? "work" : "works"}`;
    const withAudience = d.audienceInTopic && d.audience ? `${base}: what ${d.audience} should know` : base;
    d.title ??= countWords(withAudience) <= 12 ? withAudience : base;
    return;
  }

  // "How to start a podcast".
  m = topic.match(/^(?:how|ways)\s+to\s+(.+)$/i);
  if (m) {
    d.kind ??= "howto";
    applyGoal(d, takeAudience(d, m[1]));
    d.title ??= fitTitle("How to ", d.goalFull ?? "", d.tool ? ` ${d.tool}` : "");
    return;
  }

  // "How remote teams can run better weekly meetings", "why small businesses should use email".
  m = topic.match(new RegExp(`^(how|why|when|ways)\\s+(.+?)\\s+(${MODALS}|do|does)\\s+(.+)$`, "i"));
  if (m && countWords(m[2]) <= 6) {
    const why = m[1].toLowerCase() === "why";
    d.kind ??= why ? "explainer" : "howto";
    const actor = clean(m[2]);
    if (!/^(?:you|i|we|they|it|one)$/i.test(actor)) {
      if (audienceOf(actor)) d.audience ??= actor;
      else d.subject = actor;
    }
    const modal = m[3].toLowerCase();
    const verb = /^(?:do|does)$/.test(modal) ? "" : `${modal} `;
    const lead = `${capitalize(m[1].toLowerCase())} ${actor} ${verb}`;
    if (why) {
      d.angle = "why";
      const vp = analyseVerbPhrase(m[4]);
      d.subject ??= vp.subject;
      d.title ??= fitTitle(lead, m[4]);
      const g = `understand why ${actor} ${verb}${vp.goal}`;
      if (countWords(g) <= 9) d.goal = g;
      return;
    }
    applyGoal(d, m[4]);
    d.title ??= fitTitle(lead, d.goalFull ?? "", d.tool ? ` ${d.tool}` : "");
    return;
  }

  // "How a plumbing company got more calls with local SEO".
  m = topic.match(
    /^how\s+(.+?)\s+([a-z]+ed|got|grew|won|built|made|cut|went|took|found|brought|beat|hit|kept|ran|set|spent|sold|drew|wrote|began|taught|bought)\s+(.+)$/i,
  );
  if (m && countWords(m[1]) <= 6) {
    d.kind ??= "caseStudy";
    const actor = clean(m[1]);
    if (audienceOf(actor)) d.audience ??= actor;
    applyGoal(d, `${toBase(m[2])} ${m[3]}`);
    d.title ??= fitTitle(`How ${actor} ${m[2]} `, m[3]);
    return;
  }

  // "Why sleep matters for teenagers", "why patients drop out of treatment after the third visit".
  m = topic.match(/^(why|how|when)\s+(.+)$/i);
  if (m) {
    const body = takeAudience(d, m[2]);
    const clause = splitClause(body);
    d.kind ??= "explainer";
    d.angle = m[1].toLowerCase() === "why" ? "why" : "how";
    if (clause && countWords(clause.subject) <= 6) {
      d.subject = clauseTopic(clause);
      d.goal ??= shorten(`understand ${m[1].toLowerCase()} ${body}`, 8);
      d.title ??= fitTitle(`${capitalize(m[1].toLowerCase())} `, m[2]);
      return;
    }
  }

  // "Choosing a CRM for a 10-person sales team", "setting up abandoned-cart emails that recover sales".
  const ws = words(topic);
  if (
    ws.length >= 2 &&
    isGerund(ws[0], ws[1]) &&
    (!PREPOSITIONS.has(ws[1].toLowerCase()) || /^(?:up|out|down|off|back)$/i.test(ws[1]))
  ) {
    applyGoal(d, takeAudience(d, `${toBase(ws[0])} ${ws.slice(1).join(" ")}`));
    // A bare mass-noun object ("moving house", "reducing churn"): the activity itself is the subject.
    const subj = d.subject ?? "";
    if (/^[a-z-]+$/.test(subj) && !isPluralWord(subj) && ws[1] === subj) d.subject = `${ws[0]} ${subj}`;
    d.kind ??= "guide";
    d.title ??=
      d.kind === "howto"
        ? fitTitle("How to ", d.goalFull ?? "", d.tool ? ` ${d.tool}` : "")
        : fitTitle("", capitalize(topic));
    return;
  }

  // A noun phrase: "email marketing for dental clinics", "composting at home", "Productivity".
  const np = takeAudience(d, topic);
  let noun = cutQualifiers(np, 1);
  if (countWords(noun) > 3) noun = nounPart(noun);
  noun = noun.replace(/^(?:the\s+)?(?:best|top|right|ultimate)\s+(?=\S+\s+\S)/i, "");
  d.subject = capWords(noun, 6);
  d.title ??= fitTitle("", capitalize(topic));
}

/** "first-time home buyers" → "home buying": the activity an audience of doers shares. */
function activityOf(audience: string): string {
  const ws = words(audience.replace(DETERMINER, ""));
  const h = headIndex(ws);
  const head = ws[h] ?? "";
  if (
    !/^[a-z]{3,}ers$/i.test(head) ||
    /(?:owners|managers|customers|members|users|readers|workers|teachers|parents|leaders|founders)$/i.test(head)
  )
    return "";
  const stem = head.slice(0, -3);
  const activity =
    /([b-df-hj-np-tv-z])\1$/.test(stem) || /[aeiou]{2}[b-df-hj-np-tv-z]$|[^aeiou][b-df-hj-np-tv-z]$/.test(stem)
      ? `${stem}ing`
      : `${stem}ing`;
  const mods = ws
    .slice(0, h)
    .filter(
      (w) =>
        !/^(?:first-time|new|small|busy|young|old|local|independent|aspiring|experienced|beginner|novice|amateur)$/i.test(
          w,
        ),
    );
  return [...mods, activity].join(" ");
}

/** Sets the goal (and the subject, if not yet known) from a verb phrase. */
function applyGoal(d: Draft, vpRaw: string): void {
  const vp = analyseVerbPhrase(vpRaw);
  if (!vp.goal) return;
  d.goalFull = vp.goalFull;
  d.goal = vp.goal;
  if (vp.subject) {
    const toolTail = vpRaw.slice(vp.goalFull.length).trim();
    if (toolTail && /^(?:with|using|via|through|in|on|from)\s/i.test(toolTail)) d.tool = toolTail;
    d.subject ??= vp.subject;
  }
}

/** Parses a brief. `targetAudience` is used when the brief itself names no audience. */
export function parseBrief(contentType: string, targetAudience?: string): ParsedBrief {
  const { text: normal } = normalise(contentType);
  const d: Draft = { angle: "none", extras: [], options: [] };
  let text = normal;

  // "How-to guide: …", "Listicle: …"; a title with a subtitle keeps both halves.
  const label = text.match(/^([^:]{2,40}):\s*(.+)$/);
  let subtitle = "";
  if (label && LABEL_KIND.test(clean(label[1]))) {
    d.kind = kindFromDoc(label[1]) ?? undefined;
    if (/^(?:tips|ideas)$/i.test(clean(label[1]))) d.kind = "listicle";
    if (/^explain$/i.test(clean(label[1]))) d.kind = "explainer";
    if (/^compare$/i.test(clean(label[1]))) d.kind = "comparison";
    text = label[2];
  } else if (label) {
    text = label[1];
    subtitle = label[2];
  }

  // Request wrappers.
  for (let round = 0; round < 4; round++) {
    const before = text;
    text = text
      .replace(
        /^(?:please\s+)?(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?(?:write|create|draft|produce|make|generate|give me|prepare|compose|put together|come up with|help me write)\s+(?:me\s+|us\s+)?/i,
        "",
      )
      .replace(
        /^(?:i|we)\s+(?:need|want|would like|'d like|am looking for|are looking for)\s+(?:you\s+to\s+(?:write|create)\s+)?/i,
        "",
      )
      .replace(/^(?:let'?s\s+talk\s+about|tell me about|talk about|all about|everything about)\s+/i, "");
    const doc = text.match(
      new RegExp(`^((?:a|an|the|one|some)\\s+)?((?:(?:${DOC_ADJ})\\s+)*)(${DOC_NOUN})\\b\\s*(.*)$`, "i"),
    );
    if (doc) {
      const rest = doc[4];
      const joiner = rest.match(
        /^(?:about|on|explaining|covering|describing|regarding|of|to|that explains|which explains|that shows|showing|detailing|comparing|reviewing|answering|:|-|–|—)\s*/i,
      );
      const forAud = rest.match(
        /^for\s+(.+?)\s+(?:on|about|explaining|covering|describing|regarding|that explains|to explain|showing|detailing|comparing|reviewing|answering|with tips on)\s+(.+)$/i,
      );
      const article = Boolean(doc[1]) || round > 0 || before !== normal;
      if (forAud) {
        d.audience ??= audienceOf(forAud[1])?.text ?? clean(forAud[1]);
        d.kind ??= kindFromDoc(`${doc[2]} ${doc[3]}`) ?? undefined;
        text = forAud[2];
      } else if (joiner || (article && rest) || (!rest && false)) {
        d.kind ??= kindFromDoc(`${doc[2]} ${doc[3]}`) ?? undefined;
        text = joiner ? rest.slice(joiner[0].length) : rest;
      } else if (/^for\s+/i.test(rest) && rest) {
        d.kind ??= kindFromDoc(`${doc[2]} ${doc[3]}`) ?? undefined;
        text = rest.replace(/^for\s+/i, "for ");
        // "Guide for beginners" → the audience is the topic's only content; handled below.
        const aud = audienceOf(rest.replace(/^for\s+/i, ""));
        if (aud) {
          d.audience ??= aud.text;
          text = "";
        } else text = rest.replace(/^for\s+/i, "");
      }
    }
    const verb = text.match(
      /^(explain(?:ing)?|describe|describing|break(?:ing)? down|compare|comparing|review(?:ing)?|list(?:ing)?|answer(?:ing)?)\s+(?:to\s+[^,]+?,\s*)?(.*)$/i,
    );
    if (verb?.[2]) {
      const v = verb[1].toLowerCase();
      if (/^(?:explain|describ|break)/.test(v)) d.kind ??= "explainer";
      else if (/^compar/.test(v)) d.kind ??= "comparison";
      else if (/^review/.test(v)) d.kind ??= "review";
      else if (/^list/.test(v)) d.kind ??= "listicle";
      else if (/^answer/.test(v)) d.kind ??= "faq";
      text = /^compar/.test(v) ? `compare ${verb[2]}` : verb[2];
    }
    text = text.replace(/^(?:about|on|regarding)\s+/i, "");
    if (text === before) break;
  }
  text = clean(text);

  // Trailing outcome (", so they can decide …") and coverage list (", with the costs, the tools and …").
  const extras = text.match(/,\s*(?:with|including|covering|plus|and cover(?:ing)?)\s+(.+)$/i);
  if (extras && (/,|\band\b/.test(extras[1]) || countWords(extras[1]) <= 4)) {
    d.extras = splitList(extras[1])
      .map((e) => e.replace(/\s+to avoid$/i, "").toLowerCase())
      .filter((e) => countWords(e) <= 5);
    text = clean(text.slice(0, extras.index));
  }
  const so = text.match(
    /(?:,\s*so(?:\s+that)?|\s+so\s+that|\s+so(?!\s+(?:much|many|important|good|bad|far|hard|easy|long|few|little|well|called|on|often|quickly|slowly|fast|simple|common|popular)\b))\s+(.+)$/i,
  );
  if (so && countWords(so[1]) >= 3 && so.index && so.index > 0) {
    d.outcome = toSecondPerson(clean(so[1]));
    text = clean(text.slice(0, so.index));
  }
  const question = /\?/.test(contentType ?? "");
  text = lowerSentenceStart(text.replace(/\?+$/, ""));

  const foreign = looksForeign(normal);
  if (text && !foreign) parseTopic(d, text);
  if (subtitle && !foreign) {
    const aud = subtitle.match(/\bfor\s+(.+)$/i);
    if (aud && audienceOf(aud[1])) d.audience ??= audienceOf(aud[1])!.text;
    if (d.kind === "comparison" || !d.title)
      d.title = fitTitle(`${clean(label![1])}: `, lowerSentenceStart(clean(subtitle)));
  }
  if (!d.audience && targetAudience && countWords(targetAudience) <= 8 && audienceOf(targetAudience))
    d.audience = audienceOf(targetAudience)!.text;

  return finish(d, normal, foreign, question);
}

function finish(d: Draft, normal: string, foreign: boolean, question: boolean): ParsedBrief {
  let options = d.options.map((o) => trimDangling(clean(o))).filter(Boolean);
  if (options.length < 2) options = [];
  let kind: Kind = d.kind ?? (options.length >= 2 ? "comparison" : "guide");
  // "What a heat pump costs compared with a gas boiler" reads best as a side-by-side comparison.
  if (options.length >= 2 && kind !== "review" && (kind !== "explainer" || d.angle === "cost" || d.angle === "none"))
    kind = "comparison";
  if (kind === "comparison" && options.length < 2) kind = "guide";

  let subjectText = d.subject ? trimDangling(clean(d.subject)) : "";
  subjectText = capWords(subjectText, 6);
  if (
    /^(?:it|them|this|that|things?|stuff|you|me|us|how|what|why|do i|something|anything|everything|topic|a|an|the|to|post|article|blog)$/i.test(
      subjectText,
    ) ||
    !/\p{L}{2}/u.test(subjectText)
  )
    subjectText = "";
  if (!foreign && !subjectText && d.goal) {
    const gw = words(d.goal);
    if (gw.length > 1) subjectText = `${toGerund(gw[0])} ${gw.slice(1).join(" ")}`;
  }
  if (!foreign && !subjectText && d.audience) subjectText = activityOf(d.audience);
  const generic = foreign || !subjectText;
  const subject = generic ? genericSubject() : nounPhrase(lowerSentenceStart(subjectText));
  const audience = d.audience ? (audienceOf(d.audience) ?? plainAudience(d.audience)) : undefined;

  // "… and how to plan withdrawals": the second question is the practical goal.
  const how = d.secondaryRaw?.match(/^how\s+to\s+(.+)$/i);
  if (how && (!d.goal || /^understand\b/.test(d.goal))) {
    let vp = toSecondPerson(how[1]);
    if (!subject.plural && !generic) vp = vp.replace(/\bit\b/g, subject.the);
    d.goalFull = vp;
    d.goal = shorten(vp, 8);
  }
  let goal = d.goal ? trimDangling(d.goal) : "";
  const goalStated = Boolean(goal);
  if (!goal) goal = defaultGoal(kind, d.angle, subject, generic);
  let goalFull = d.goalFull ? trimDangling(d.goalFull) : goal;
  if (countWords(goalFull) > 16) goalFull = shorten(goalFull, 16);

  let title = d.title ? clean(d.title) : "";
  if (generic && !foreign) title = "";
  if (foreign || !title) title = titleFallback(kind, subject, audience, normal, foreign, d);
  // "What first-party data is and how to start collecting it", when it fits.
  if (d.secondaryRaw && !foreign && kind === "explainer") {
    const room = 12 - countWords(title) - 1;
    const second = room >= 3 ? shorten(d.secondaryRaw, room) : "";
    if (second && countWords(second) <= room && countWords(second) >= 3 && !endsDangling(second))
      title = `${title} and ${second}`;
  }
  // Keep the audience the topic named ("Email marketing for dental clinics").
  if (
    d.audienceInTopic &&
    audience &&
    !title.toLowerCase().includes(audience.text.toLowerCase()) &&
    countWords(title) + countWords(audience.text) + 1 <= 12 &&
    !/[?:]/.test(title) &&
    (kind === "guide" || kind === "faq" || kind === "checklist" || kind === "listicle" || d.angle === "why")
  )
    title = `${title} for ${audience.text}`;
  if (kind === "faq" && !/question|faq|answer/i.test(title) && countWords(title) <= 8)
    title = `${title}: your questions answered`;
  if (kind === "caseStudy" && !/^case study/i.test(title)) title = fitTitle("Case study: ", lowerSentenceStart(title));
  if (kind === "guide" && !foreign && countWords(title) <= 4 && !/[?:]/.test(title))
    title = `${title}: a practical guide`;
  if (kind === "review" && !/review/i.test(title) && !question) title = fitTitle("", title, ": an honest review");
  if (
    question &&
    /^(?:what|why|how|when|which|should|can|do|does|is|are)\b/i.test(title) &&
    !/^how to\b/i.test(title) &&
    !/[?:]/.test(title)
  )
    title = `${title}?`;
  const asked = /\?$/.test(title);
  title = capitalize(trimDangling(capWords(title.replace(/\?$/, ""), 12))) + (asked ? "?" : "");

  const business =
    /\b(?:business|businesses|shops?|stores?|bakery|bakeries|restaurants?|caf[eé]s?|clinics?|customers?|clients?|sales|marketing|seo|google|shopify|startups?|brands?|agency|agencies|owners?|company|companies|saas|e-?commerce|etsy|loyalty|freelance|local|landlords?|bookshops?|retail|listing|website|orders?)\b/i.test(
      `${normal} ${audience?.text ?? ""}`,
    );

  return {
    kind,
    angle: d.angle,
    title,
    subject,
    generic,
    audience,
    goal,
    goalFull,
    goalStated,
    outcome: d.outcome && countWords(d.outcome) <= 20 ? d.outcome : undefined,
    extras: d.extras.slice(0, 4),
    secondary: d.secondaryRaw ? secondaryHeading(d.secondaryRaw, subject) : undefined,
    options,
    count: d.count,
    itemNoun: d.itemNoun,
    business,
  };
}

function plainAudience(text: string): Audience | undefined {
  const t = trimDangling(clean(text));
  if (!t || countWords(t) > 8) return undefined;
  return { text: t, group: t.replace(DETERMINER, ""), short: capWords(t.replace(DETERMINER, ""), 4) };
}

function genericSubject(): NounPhrase {
  return { text: "this topic", bare: "this topic", the: "this topic", your: "your plan", plural: false };
}

function defaultGoal(kind: Kind, angle: Angle, s: NounPhrase, generic: boolean): string {
  if (generic) return "make a plan you'll actually follow";
  if (kind === "explainer" || kind === "faq") {
    if (angle === "how") return `understand how ${s.text} ${s.plural ? "work" : "works"}`;
    if (angle === "why") return `understand what's behind ${s.the}`;
    return `decide whether ${s.text} ${s.plural ? "are" : "is"} right for you`;
  }
  if (kind === "comparison") return "pick the option that fits how you work";
  if (kind === "review") return `decide whether ${s.the} ${s.plural ? "are" : "is"} worth it`;
  const ws = words(s.bare);
  if (s.plural && s.text === s.bare && !isGerund(ws[ws.length - 1])) return `choose the right ${s.bare}`;
  if (
    ws.length >= 1 &&
    isGerund(ws[0]) &&
    (ws.length === 1 || PREPOSITIONS.has(ws[1].toLowerCase()) || DETERMINER.test(`${ws[1]} x`))
  )
    return `${toBase(ws[0])} ${ws.slice(1).join(" ")}`.trim();
  if (ws.length === 1 && /(?:ity|ness|ment|ion|ing|ism)$/i.test(ws[0])) return `improve your ${s.bare}`;
  if (ws.length > 1 && isGerund(ws[ws.length - 1])) return `handle ${s.bare} with confidence`;
  return `get ${s.your} right`;
}

function secondaryHeading(q: string, subject: NounPhrase): string | undefined {
  let s = clean(q);
  if (!subject.plural) s = s.replace(/\bit\b/g, subject.the);
  if (/^how to\b/i.test(s)) s = toSecondPerson(s);
  s = shorten(s, 12);
  return countWords(s) >= 3 && !endsDangling(s) ? capitalize(s) : undefined;
}

function titleFallback(
  kind: Kind,
  s: NounPhrase,
  audience: Audience | undefined,
  normal: string,
  foreign: boolean,
  d: Draft,
): string {
  if (foreign) return capWords(capitalize(normal.replace(/[?.!]+$/, "")), 10);
  if (!s.bare || s.bare === "this topic") return "A practical guide to getting started";
  const who = audience && countWords(audience.short) <= 4 ? ` for ${audience.short}` : "";
  const S = capitalize(s.bare);
  switch (kind) {
    case "howto":
      return d.goal ? `How to ${d.goal}` : `${S}: a step-by-step guide`;
    case "listicle":
      return `${d.count ?? 7} ${d.itemNoun ?? "tips"} for ${s.text}`.replace(/^\d+ tips for/, (x) => x);
    case "explainer":
      return `${S}, explained${who}`;
    case "caseStudy":
      return `Case study: ${s.text}${who}`;
    case "faq":
      return `${S}: answers to common questions`;
    case "checklist":
      return `${S}: a checklist${who}`;
    case "review":
      return `${S} review: is it worth it${who}?`;
    default:
      return `${S}: a practical guide${who}`;
  }
}

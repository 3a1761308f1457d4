// The offline writer: a deterministic sample writer that answers when no model key is configured,
// so every screen and test works on a fresh machine. It writes from a bank of sentence templates
// filled with the brief's key phrases, following the PROSE rules it can follow without a model.

import { type DraftRequest, parseWordCount } from "./prose";
import {
  capitalize,
  countWords,
  createRng,
  escapeRegExp,
  hashString,
  joinList,
  pick,
  shuffle,
  splitSentences,
} from "./text";

// ---------------------------------------------------------------------------------------------
// Reading the brief
// ---------------------------------------------------------------------------------------------

type Kind = "howto" | "listicle" | "comparison" | "guide" | "explainer" | "caseStudy" | "faq";

interface Brief {
  kind: Kind;
  topic: string;
  subject: string;
  /** The audience as a plural noun phrase ("small bakeries"). */
  who: string;
  /** The audience as the user described it. */
  readers: string;
  /** A verb phrase in base form ("get more local customers"). */
  goal: string;
  /** Comparison options (two or more), empty otherwise. */
  options: string[];
  /** Things the additional context asks to cover ("photos", "reviews"). */
  extras: string[];
  /** Context sentences that are not "mention X" requests (kept as constraints). */
  keywords: string[];
  listCount?: number;
  date: string;
  words: number;
}

const ARTICLE = /^(?:a|an|the|your|our)\s+/i;

function clean(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .replace(/^[\s"'“”‘’]+|[\s"'“”‘’.?!,;:]+$/g, "")
    .trim();
}

function pluralize(phrase: string): string {
  const p = phrase.replace(ARTICLE, "");
  if (/s$/i.test(p) || /\bpeople$|\bstaff$|\bteams?$/i.test(p)) return p;
  if (/[^aeiou]y$/i.test(p)) return `${p.slice(0, -1)}ies`;
  if (/(?:ch|sh|x)$/i.test(p)) return `${p}es`;
  return `${p}s`;
}

function isPlural(word: string): boolean {
  return /[^s]s$/i.test(word.trim()) || /\bpeople$/i.test(word);
}

function detectKind(label: string, topic: string): Kind {
  const all = `${label} ${topic}`.toLowerCase();
  if (/case stud/.test(all)) return "caseStudy";
  if (/\bfaqs?\b|frequently asked|\bquestions\b/.test(all)) return "faq";
  if (/\bvs\.?\s|\bversus\b|\bcompar/.test(all)) return "comparison";
  if (
    /listicle|\blist\b/.test(label.toLowerCase()) ||
    /^\d+\s|\b\d+\s+(?:ways|tips|ideas|mistakes|reasons|tools|steps|things|examples|strategies|habits)\b/i.test(topic)
  )
    return "listicle";
  if (/how-to|how to|step-by-step|tutorial|^how\b/.test(all) || /^how\b/i.test(topic)) return "howto";
  if (/explain|^what\b|^why\b/.test(all) || /^(?:what|why)\b/i.test(topic)) return "explainer";
  return "guide";
}

function capitalisedRuns(topic: string): string[] {
  const words = topic.split(/\s+/);
  const runs: string[] = [];
  let run: string[] = [];
  words.forEach((w, i) => {
    const bare = w.replace(/[,.;:!?()"]+$/g, "");
    const cap = /^[A-Z0-9][\w'&.+-]*$/.test(bare) && /[A-Z]/.test(bare) && !(i === 0 && run.length === 0);
    if (cap) {
      run.push(bare);
      if (bare !== w) {
        runs.push(run.join(" "));
        run = [];
      }
    } else {
      if (run.length) runs.push(run.join(" "));
      run = [];
    }
  });
  if (run.length) runs.push(run.join(" "));
  return runs.filter((r) => r !== "I" && r.length > 1);
}

function parseExtras(context: string): string[] {
  const items: string[] = [];
  for (const sentence of splitSentences(context)) {
    const m = sentence.match(
      /^(?:please\s+)?(?:mention|include|cover|discuss|explain|add|talk about|focus on|touch on|highlight|address)\s+(?:a section (?:on|about)\s+)?(.+)$/i,
    );
    if (!m) continue;
    for (const part of m[1].split(/,\s*(?:and\s+)?|\s+and\s+|\s*&\s*/)) {
      const item = clean(part).replace(ARTICLE, "").toLowerCase();
      if (item && countWords(item) <= 5 && !items.includes(item)) items.push(item);
    }
  }
  return items.slice(0, 4);
}

function parseBrief(req: DraftRequest): Brief {
  const raw = clean(req.contentType || "a blog post");
  const labelled = raw.match(/^([^:]{2,40}):\s*(.+)$/);
  const label = labelled ? labelled[1] : "";
  let topic = clean(labelled ? labelled[2] : raw)
    .replace(/^(?:a |an )?(?:blog post|article|post|guide|explainer)\s+(?:about|on|explaining)\s+/i, "")
    .replace(/^(?:write|create)\s+(?:a |an )?(?:blog post|article|post)?\s*(?:about|on)?\s*/i, "");
  const kind = detectKind(label, topic);
  topic = topic.replace(/^(?:explain(?:ing)?|describe)\s+/i, "");
  if (!topic) topic = raw;

  // Comparison options.
  let options: string[] = [];
  if (kind === "comparison") {
    const parts = topic
      .replace(/^(?:comparing|compare|choosing between|which is better,?)\s+/i, "")
      .split(/\s+(?:vs\.?|versus|or|and)\s+/i);
    if (parts.length >= 2) {
      options = parts.map((p, i) =>
        clean(i === parts.length - 1 ? p.replace(/\s+(?:for|in|on|when|as|to)\s+.*$/i, "") : p.replace(ARTICLE, "")),
      );
      options = options.filter(Boolean).slice(0, 3);
    }
    if (options.length < 2) options = [];
  }

  // Audience as a plural noun phrase.
  let who = "";
  const howCan = topic.match(
    /^(?:how|\d+\s+(?:ways|tips|ideas|steps|things|strategies))\s+(?:can\s+|do\s+|should\s+)?([a-z][\w\s-]{2,40}?)\s+(?:can|could|should|do|use|got|gets|grew|won|built|doubled|increased|cut)\s/i,
  );
  const forWho = topic.match(
    /\bfor\s+((?:a |an |the )?[A-Za-z][\w\s-]{2,40}?)(?:\s+(?:with|using|in|on|who|that)\b|$)/,
  );
  if (howCan && !/^to\b/i.test(howCan[1])) who = /^an?\s/i.test(howCan[1]) ? pluralize(howCan[1]) : howCan[1];
  else if (forWho) who = pluralize(forWho[1]);
  else if (req.targetAudience && countWords(req.targetAudience) <= 6)
    who = clean(req.targetAudience).replace(ARTICLE, "");
  if (!who) who = "readers";
  if (/^[A-Z][a-z]+\b/.test(who)) who = who.charAt(0).toLowerCase() + who.slice(1);

  // Main subject.
  let subject = "";
  const runs = capitalisedRuns(topic)
    .filter((run) => !who.toLowerCase().includes(run.toLowerCase()))
    .sort((a, b) => countWords(b) - countWords(a));
  const whatIs =
    topic.match(
      /\b(?:what|why)\s+(?:is|are|does|do)\s+(.+?)(?:\s+(?:is|are|and|for|matters?|works?|means?)\b|[?,]|$)/i,
    ) ?? topic.match(/\bwhat\s+((?:a |an |the )?[\w\s-]{2,40}?)\s+(?:is|are|does|means)\b/i);
  const tool = topic.match(/\b(?:with|using|through|via|on|about)\s+(.+?)(?:\s+(?:for|in|to|when)\s+.*)?$/i);
  const toolPhrase = tool ? clean(tool[1]).replace(ARTICLE, "") : "";
  if (options.length) subject = options.join(" and ");
  else if (toolPhrase && countWords(toolPhrase) <= 5) subject = toolPhrase;
  else if (runs.length) subject = runs[0];
  else if (whatIs) subject = clean(whatIs[1]).replace(ARTICLE, "");
  else if (toolPhrase) subject = toolPhrase;
  else {
    subject = topic
      .replace(/^(?:how to|how|why|what|when|\d+\s+\w+\s+(?:to|for))\s+/i, "")
      .replace(/\s+for\s+.*$/i, "")
      .replace(/^(?:choosing|picking|using|building|making|writing|getting|starting|running|buying|planning)\s+/i, "");
    subject = clean(subject);
    if (countWords(subject) > 6) subject = subject.split(" ").slice(-4).join(" ");
  }
  if (!subject) subject = "this topic";

  // Goal.
  let goal = "";
  const canDo = topic.match(/\b(?:can|could|should|to)\s+(.+?)(?:\s+(?:with|using|through|via|by|on)\s+.+)?$/i);
  if (canDo && !/^(?:use|be)\b/i.test(canDo[1])) goal = clean(canDo[1]);
  const got = topic.match(/\b(?:got|gets|getting)\s+(.+?)\s+(?:with|using|through|by)\b/i);
  if (!goal && got) goal = `get ${clean(got[1])}`;
  if (!goal || countWords(goal) > 9 || goal.toLowerCase() === subject.toLowerCase())
    goal = `get more out of ${subject}`;
  goal = goal.charAt(0).toLowerCase() + goal.slice(1);
  if (options.length) goal = "pick the option that fits how you work";

  const listMatch =
    topic.match(/^(\d{1,2})\s/) ??
    topic.match(/\b(\d{1,2})\s+(?:ways|tips|ideas|mistakes|reasons|tools|steps|things|examples|strategies|habits)\b/i);
  return {
    kind,
    topic,
    subject,
    who,
    readers: clean(req.targetAudience ?? "") || who,
    goal,
    options,
    extras: parseExtras(req.additionalContext ?? ""),
    keywords: (req.seoKeywords ?? "")
      .split(/[,;\n]/)
      .map(clean)
      .filter(Boolean)
      .slice(0, 5),
    listCount: listMatch ? Number.parseInt(listMatch[1], 10) : undefined,
    date: clean(req.currentDate ?? ""),
    words: parseWordCount(req.wordCount),
  };
}

// ---------------------------------------------------------------------------------------------
// Sentence banks. Slots: {subject} {who} {goal} {focus} {n} {weeks} {day}; a capitalised slot name
// ({Focus}) capitalises the value. A template may hold two sentences that belong together.
// ---------------------------------------------------------------------------------------------

const GENERAL: string[] = [
  "Start with {focus}, because it's the part most {who} rush.",
  "Give {focus} {n} minutes on {day} and write down what you changed.",
  "If you only fix one thing this week, make it {focus}.",
  "Look at {focus} the way a first-time customer would. What would confuse them?",
  "Keep a plain note of every change to {focus}, with the date next to it.",
  "Small, regular updates to {focus} beat one big overhaul every six months.",
  "Don't copy what a national chain does with {focus}; you don't have their budget, and you don't need it.",
  "Check {focus} on a phone, since that's where most people will see it.",
  "Work on {focus} won't fix everything on its own. It does make the rest easier.",
  "A good test for {focus}: could someone who's never heard of you understand it in ten seconds?",
  "When you're unsure, pick the simpler option for {focus} and revisit it in {weeks} weeks.",
  "Give any change to {focus} at least {weeks} weeks before you judge it.",
  "Write about {focus} the way you'd explain it to a customer standing in front of you.",
  "Skip the jargon when you work on {focus}; plain words get read.",
  "If something in {focus} is out of date, fix it before you add anything new.",
  "Put a reminder in your calendar for the first {day} of each month to review {focus}.",
  "Most of the gain from {focus} comes from doing it every week, not from doing it cleverly.",
  "Here's a quick way in: pick one part of {focus} and change it today.",
  "A competitor who handles {focus} well is worth studying for half an hour. Note what they do, then do the version that suits you.",
  "Be honest about {focus}. People notice when a claim doesn't match what they find.",
  "Not sure whether the work on {focus} is helping? Compare this month with the same month last year, if you have the data.",
  "You don't need special software for {focus}; a spreadsheet and a calendar are enough.",
  "Every hour you put into {focus} should connect back to one aim: to {goal}.",
  "Treat {focus} as a habit, not a project.",
  "A useful rule of thumb for {focus}: if a task takes more than {n} minutes, break it into two.",
  "Expect a few false starts with {focus}. Most of them cost nothing but time.",
  "Ask a friend to look at {focus} and tell you what confused them; their first reaction is the useful part.",
  "Pick the single change to {focus} that a customer would notice first, and leave the rest for next week.",
  "Getting {focus} right makes every other part of {subject} easier to manage.",
  "When a task on {focus} is done, tick it off and move on. Perfect isn't the aim.",
  "Resist the urge to change {focus} and everything else at once, or you won't know which change helped.",
  "It's tempting to outsource {focus} straight away, but do it yourself once so you know what good looks like.",
  "Write the steps for {focus} on one page, so anyone on your team can pick them up.",
  "If the work on {focus} feels overwhelming, cut the task in half and do the first half on {day}.",
  "The people who already buy from you are the best source of ideas for {focus}. Ask two of them this week.",
  "Search for your own business the way a stranger would, then look at {focus} with fresh eyes.",
  "Keep {focus} consistent with your website and your shop sign; mismatched details cost trust.",
  "Budget {n} minutes a week for {focus} and protect that time like an appointment.",
  "Some weeks the work on {focus} will feel pointless. Keep going anyway; results tend to arrive in a lump, not a line.",
  "A short checklist for {focus} saves you from redoing the same work every month.",
  "Don't wait for perfection on {focus} before you publish.",
  "Name things the way your customers do when you write about {focus}, even if your supplier calls them something else.",
  "Try one new idea for {focus} each month and drop anything that hasn't helped after {weeks} weeks.",
  "The difference between okay and good {focus} is usually detail: a time, a price, a street name.",
  "Look back at {focus} after {weeks} weeks and ask what you'd do again.",
  "If you work with a partner or staff member, agree who owns {focus}. Shared jobs tend to become nobody's job.",
  "Think of {focus} as the answer to a question someone is already asking.",
  "For {who}, improving {focus} rarely takes money. It takes attention.",
  "Save your best examples of {focus} in one folder; you'll reuse them more than you expect.",
  "You'll get better at {focus} quickly. The first round is always the slowest.",
];

const FRAGMENTS: string[] = [
  "Small steps.",
  "Worth it.",
  "Simple, but it works.",
  "No shortcuts here.",
  "That's the whole trick.",
  "Then wait a little.",
  "Easy to skip. Don't.",
  "Boring, yes. Effective, too.",
];

/** Specific advice for things briefs often ask to mention. */
const EXTRA_TIPS: { match: RegExp; tips: string[] }[] = [
  {
    match: /photo|picture|image/,
    tips: [
      "Use real photos taken in daylight rather than stock images; people can tell the difference at a glance.",
      "Add a few new {item} every month, so the newest one is never more than a few weeks old.",
      "Show the things people actually come for, plus one shot of the entrance so they recognise it when they arrive.",
      "Name each file with what it shows before you upload it.",
    ],
  },
  {
    match: /review|rating|testimonial/,
    tips: [
      "Ask for {item} when the customer is happiest, usually right after a good experience.",
      "Reply to every one of your {item}, including the critical ones, within a couple of days.",
      "Keep replies short and specific: thank the person and mention what they bought or asked about.",
      "A printed card with a QR code near the till makes asking for {item} feel less awkward.",
    ],
  },
  {
    match: /price|pricing|cost/,
    tips: [
      "List {item} plainly, and update them the same day they change.",
      "If {item} vary, give a typical range and say what moves it up or down.",
    ],
  },
  {
    match: /hour|opening/,
    tips: [
      "Check your {item} before every public holiday; wrong times send people away annoyed.",
      "Add special {item} for seasonal weeks as soon as you know them.",
    ],
  },
  {
    match: /post|update|offer|event/,
    tips: [
      "Publish short {item} on a fixed day each week, so the habit sticks.",
      "Tie {item} to something real: a new product, a change in hours or a local event.",
    ],
  },
  {
    match: /keyword|search|seo/,
    tips: [
      "Write down the exact words people use when they ask you about {item}, and use those words.",
      "Use the main phrase once in a heading and once early on; more than that starts to read oddly.",
    ],
  },
  {
    match: /email|newsletter/,
    tips: [
      "Send {item} on a regular schedule, even if it's only once a month.",
      "Keep each of your {item} to one main message with one link.",
    ],
  },
  {
    match: /social|instagram|facebook|tiktok/,
    tips: [
      "Pick one channel for {item} and do it well before you add a second.",
      "Reuse what works on {item}; a good photo can serve three posts with different captions.",
    ],
  },
];

const EXTRA_GENERIC: string[] = [
  "Start by looking at the {item} you already have; most {who} have more to work with than they think.",
  "Set a simple rule for {item} and stick to it for {weeks} weeks before you change it.",
  "Here's how to handle {item} on {subject} without turning it into a second job.",
  "{Item} {are} often the first thing people check, so {they}'re worth a proper look.",
];

const NUMBERS = ["10", "15", "20", "30", "45"];
const WEEKS = ["two", "three", "four", "six"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

// ---------------------------------------------------------------------------------------------
// Composition
// ---------------------------------------------------------------------------------------------

type Block =
  | { type: "bullets"; items: string[] }
  | { type: "numbered"; items: string[] }
  | { type: "h3"; items: { title: string; sentences: string[] }[] }
  | { type: "table"; header: string[]; rows: string[][] };

interface SectionPlan {
  heading: string;
  focus: string;
  openers: string[];
  block?: Block;
  /** Context item this section covers (uses item-specific tips). */
  item?: string;
  /** Lower cap on general filler sentences (conclusions stay short). */
  noFill?: boolean;
}

class Composer {
  readonly used = new Set<string>();
  private readonly usage = new Map<string, number>();
  words = 0;
  readonly lines: string[] = [];

  constructor(
    readonly rng: () => number,
    readonly brief: Brief,
  ) {}

  fill(template: string, extra: Record<string, string> = {}): string {
    const b = this.brief;
    const slots: Record<string, string> = {
      subject: b.subject,
      who: b.who,
      readers: b.readers,
      goal: b.goal,
      n: pick(this.rng, NUMBERS),
      weeks: pick(this.rng, WEEKS),
      day: pick(this.rng, DAYS),
      date: b.date,
      ...extra,
    };
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = slots[name.toLowerCase()];
      if (value === undefined) return whole;
      return /^[A-Z]/.test(name) ? capitalize(value) : value;
    });
  }

  /** Returns the sentences of a filled template, or null if any of them was already used. */
  candidate(template: string, extra?: Record<string, string>): string[] | null {
    const sentences = splitSentences(this.fill(template, extra)).map(capitalize);
    for (const s of sentences) if (this.used.has(norm(s))) return null;
    return sentences;
  }

  commit(sentences: string[]): void {
    for (const s of sentences) {
      this.used.add(norm(s));
      this.words += countWords(s);
    }
  }

  line(text: string): void {
    this.lines.push(text);
    this.words += countWords(text);
  }

  /** Least-used general templates first, shuffled within equal use. */
  generalOrder(): string[] {
    return shuffle(this.rng, GENERAL).sort((a, b) => (this.usage.get(a) ?? 0) - (this.usage.get(b) ?? 0));
  }

  noteUse(template: string): void {
    this.usage.set(template, (this.usage.get(template) ?? 0) + 1);
  }
}

function norm(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Writes paragraphs from openers then general filler until the section reaches its budget. */
function writeProse(c: Composer, plan: SectionPlan, budget: number, startWords: number): void {
  const paragraphs: string[][] = [[]];
  let sinceBreak = 0;
  let breakAt = 2 + Math.floor(c.rng() * 3);
  const add = (sentences: string[]) => {
    c.commit(sentences);
    paragraphs[paragraphs.length - 1].push(...sentences);
    sinceBreak += sentences.length;
    if (sinceBreak >= breakAt) {
      paragraphs.push([]);
      sinceBreak = 0;
      breakAt = 2 + Math.floor(c.rng() * 3);
    }
    const last = sentences[sentences.length - 1];
    if (countWords(last) > 18 && c.rng() < 0.2) {
      const frag = FRAGMENTS.find((f) => !c.used.has(norm(f)));
      if (frag && c.words - startWords + 3 < budget) {
        c.commit([frag]);
        paragraphs[paragraphs.length - 1].push(frag);
      }
    }
  };
  const fits = (sentences: string[]) => {
    const left = budget - (c.words - startWords);
    return left > countWords(sentences.join(" ")) / 2;
  };
  const itemSlots = plan.item ? itemSlotsFor(plan.item) : {};
  plan.openers.forEach((t, i) => {
    const s = c.candidate(t, { focus: plan.focus, ...itemSlots });
    if (s && (i === 0 || fits(s))) add(s);
  });
  if (!plan.noFill) {
    let misses = 0;
    while (c.words - startWords < budget && misses < GENERAL.length) {
      misses = 0;
      let added = false;
      for (const t of c.generalOrder()) {
        const s = c.candidate(t, { focus: plan.focus });
        if (!s) {
          misses++;
          continue;
        }
        if (!fits(s)) {
          flush(c, paragraphs);
          return;
        }
        c.noteUse(t);
        add(s);
        added = true;
        break;
      }
      if (!added) break;
    }
  }
  flush(c, paragraphs);
}

function flush(c: Composer, paragraphs: string[][]): void {
  for (const p of paragraphs) {
    if (p.length === 0) continue;
    c.lines.push(p.join(" "), "");
  }
}

function itemSlotsFor(item: string): Record<string, string> {
  const plural = isPlural(item.split(" ").pop() ?? item);
  return { item, are: plural ? "are" : "is", they: plural ? "they" : "it" };
}

function writeBlock(c: Composer, block: Block, budget: number, startWords: number): void {
  const left = () => budget - (c.words - startWords);
  if (block.type === "bullets" || block.type === "numbered") {
    let i = 0;
    for (const t of block.items) {
      const s = c.candidate(t);
      if (!s) continue;
      if (i >= 2 && left() < countWords(s.join(" ")) + 20) break;
      c.commit(s);
      c.lines.push(block.type === "bullets" ? `- ${s.join(" ")}` : `${i + 1}. ${s.join(" ")}`);
      i++;
    }
    c.lines.push("");
  } else if (block.type === "h3") {
    let i = 0;
    for (const item of block.items) {
      const sentences: string[] = [];
      for (const t of item.sentences) {
        const s = c.candidate(t);
        if (s && !s.some((x) => sentences.includes(x))) sentences.push(...s);
      }
      if (sentences.length === 0) continue;
      const cost = countWords(sentences.join(" ")) + countWords(item.title);
      if (i >= 2 && left() < cost + 20) break;
      c.line(`### ${item.title}`);
      c.lines.push("");
      c.commit(sentences);
      c.lines.push(sentences.join(" "), "");
      i++;
    }
  } else {
    c.line(`| ${block.header.join(" | ")} |`);
    c.lines.push(`| ${block.header.map(() => "---").join(" | ")} |`);
    for (const row of block.rows) c.line(`| ${row.join(" | ")} |`);
    c.lines.push("");
  }
}

// ---------------------------------------------------------------------------------------------
// Plans per kind of brief
// ---------------------------------------------------------------------------------------------

const STEP_BANK: { title: string; focus: string; openers: string[] }[] = [
  {
    title: "set up {subject} properly",
    focus: "the basic setup",
    openers: [
      "Begin with the basics of {subject}: the parts people see or use first.",
      "Fill in every detail you can, even the ones that look optional; gaps read as neglect.",
    ],
  },
  {
    title: "fill in the details people check first",
    focus: "the details people check first",
    openers: [
      "People looking at {subject} want quick answers: when you're open, where you are and what you offer.",
      "Put those answers where they can't be missed, in words your customers would use.",
    ],
  },
  {
    title: "add something new every week",
    focus: "fresh content",
    openers: [
      "Fresh content tells people, and search engines, that you're open and paying attention.",
      "A short update on {day} is enough; consistency matters more than length.",
    ],
  },
  {
    title: "answer people quickly",
    focus: "your replies",
    openers: [
      "Questions and messages that sit unanswered for days send people to the next result.",
      "Aim to reply within a day, and keep a few saved answers for the questions you get most.",
    ],
  },
  {
    title: "track what brings results",
    focus: "your numbers",
    openers: [
      "Decide which number shows whether you're starting to {goal}, and write it down today.",
      "Check it on the same day each week so the comparison stays fair.",
    ],
  },
  {
    title: "fix what isn't working",
    focus: "the weak spots",
    openers: [
      "After a month, look at what moved and what didn't.",
      "Drop the tasks that took time without changing anything, and double down on the one that did.",
    ],
  },
  {
    title: "build a routine you can keep",
    focus: "a weekly routine",
    openers: [
      "The best plan for {subject} is one you'll still follow in three months.",
      "Write your routine on a single card: what you do, on which day, and for how long.",
    ],
  },
];

const MISTAKES = (b: Brief): { title: string; sentences: string[] }[] => [
  {
    title: `Leaving ${b.subject} half finished`,
    sentences: [
      "A half-finished setup looks worse than none, because it suggests you've stopped paying attention.",
      "Finish the basics before you try anything clever.",
    ],
  },
  {
    title: "Changing everything at once",
    sentences: [
      "If you change five things in one week, you'll never know which one helped.",
      "Change one, wait, then measure.",
    ],
  },
  {
    title: "Writing for search engines instead of people",
    sentences: [
      "Stuffing the same phrase into every sentence reads badly and rarely helps.",
      "Write for the person who's about to decide, and the search engines tend to follow.",
    ],
  },
  {
    title: "Never looking at the numbers",
    sentences: [
      "Guessing feels faster than checking, but it leads to months of effort in the wrong place.",
      "Ten minutes a month with your numbers is enough.",
    ],
  },
  {
    title: "Copying a competitor word for word",
    sentences: [
      "What works for the business down the road may not fit you, and copied text rarely sounds like you.",
      "Borrow the idea, not the wording.",
    ],
  },
  {
    title: "Giving up after two weeks",
    sentences: [
      "Most changes take a month or more to show up in real numbers.",
      "Decide on a review date before you start.",
    ],
  },
];

const EXTRA_SECTIONS = (b: Brief): SectionPlan[] => [
  {
    heading: `A weekly routine for ${b.subject}`,
    focus: "your weekly routine",
    openers: [
      "A routine turns {subject} from a job you keep putting off into something that takes {n} minutes.",
      "Here's a simple one to adapt.",
    ],
    block: {
      type: "bullets",
      items: [
        "**Monday:** check what changed last week and note one number.",
        "**Wednesday:** add one new piece of content, such as a photo, an update or an answer to a question.",
        "**Friday:** reply to anything waiting and fix one detail that's out of date.",
      ],
    },
  },
  {
    heading: `How ${b.who} can save time on ${b.subject}`,
    focus: "the time you spend",
    openers: [
      "Time is usually the real constraint for {who}, not money.",
      "Batch similar tasks together and do them in one sitting.",
    ],
  },
  {
    heading: `When to get outside help with ${b.subject}`,
    focus: "outside help",
    openers: [
      "Outside help makes sense when your own hour costs more than someone else's, or when you've stalled for a month.",
      "Ask for a fixed price for a fixed job, and keep the logins in your own name.",
    ],
  },
  {
    heading: `Tools that make ${b.subject} easier`,
    focus: "your tools",
    openers: ["You don't need much. Most of what helps is free or already on your phone."],
    block: {
      type: "bullets",
      items: [
        "A shared calendar with a repeating reminder for your weekly tasks.",
        "A spreadsheet with one row per week and one column per number you track.",
        "Your phone camera, used in daylight.",
        "A notes file of saved replies for the questions you hear most.",
      ],
    },
  },
  {
    heading: `What to ignore for now`,
    focus: "the things that can wait",
    openers: [
      "Not every feature of {subject} deserves your attention in the first month.",
      "Anything that doesn't help you {goal} can wait until the basics are running.",
    ],
  },
  {
    heading: `How to keep ${b.subject} up to date`,
    focus: "keeping things current",
    openers: [
      "Out-of-date details cost more trust than missing ones.",
      "Tie updates to events you already track, like a menu change or a new season.",
    ],
  },
];

function contextSections(c: Composer): SectionPlan[] {
  const b = c.brief;
  return b.extras.map((item) => {
    const specific = EXTRA_TIPS.find((t) => t.match.test(item));
    const heading = pick(c.rng, [
      `Getting ${item} right`,
      `${capitalize(item)}: what works for ${b.who}`,
      `How ${b.who} should handle ${item}`,
      `What to do about ${item} on ${b.subject}`,
    ]);
    return {
      heading,
      focus: item,
      item,
      openers: [...(specific ? specific.tips : []), ...shuffle(c.rng, EXTRA_GENERIC).slice(0, specific ? 1 : 3)],
    };
  });
}

function planFor(c: Composer, bodySections: number): SectionPlan[] {
  const b = c.brief;
  const r = c.rng;
  const ctx = contextSections(c);
  const baseCount = Math.max(b.kind === "comparison" ? 3 : 1, bodySections - ctx.length);
  let base: SectionPlan[];
  let ctxAt = 2;

  switch (b.kind) {
    case "howto": {
      const chosen = [STEP_BANK[0], ...shuffle(r, STEP_BANK.slice(1, 4)), ...STEP_BANK.slice(4)];
      const stepPlans: SectionPlan[] = chosen.map((s) => ({
        heading: "",
        focus: s.focus,
        openers: s.openers,
      }));
      const small = baseCount < 4;
      const stepCount = Math.max(2, Math.min(chosen.length, small ? baseCount : baseCount - 3));
      const numbered = stepPlans.slice(0, stepCount).map((p, i) => ({
        ...p,
        heading: `Step ${i + 1}: ${c.fill(chosen[i].title)}`,
      }));
      const why: SectionPlan = {
        heading: pick(r, [`Why ${b.subject} matters for ${b.who}`, `What ${b.subject} can do for ${b.who}`]),
        focus: "the first things people see",
        openers: [
          "For {who}, {subject} is often the first place a new customer meets you.",
          "People who find you there are usually close to a decision, so small details carry a lot of weight.",
        ],
      };
      const rest: SectionPlan[] = [
        {
          heading: `Mistakes ${b.who} make with ${b.subject}`,
          focus: "the usual mistakes",
          openers: ["Most of these are easy to fix once you spot them."],
          block: { type: "h3", items: shuffle(r, MISTAKES(b)) },
        },
        {
          heading: `How to tell if ${b.subject} is working`,
          focus: "your numbers",
          openers: [
            "Pick one number that shows whether you're starting to {goal}, and check it every {day}.",
            "Calls, direction requests, website visits and sales all work; choose the one closest to money.",
          ],
        },
        {
          heading: `What you need before you start with ${b.subject}`,
          focus: "the preparation",
          openers: ["Gather these first and the rest goes faster."],
          block: {
            type: "bullets",
            items: [
              "Access to {subject}, with the login details stored somewhere safe.",
              "About {n} minutes of quiet time for the first pass.",
              "A short list of what makes you different from the nearest competitor.",
              "A note of the questions customers ask you most often.",
            ],
          },
        },
      ];
      base = small ? numbered : [why, ...numbered, ...rest];
      ctxAt = small ? 1 : 3;
      break;
    }
    case "listicle": {
      const n = Math.max(3, Math.min(12, b.listCount ?? Math.max(4, baseCount - 1)));
      const ideas = shuffle(r, [
        ["Fix the basics in {subject} first", "the basics"],
        ["Use real photos, not stock images", "your photos"],
        ["Ask for reviews at the right moment", "your review requests"],
        ["Answer questions before people ask them", "your answers to common questions"],
        ["Post something new every week", "your weekly updates"],
        ["Track one number that matters", "your key number"],
        ["Test one change at a time", "your tests"],
        ["Study the competitor who does it best", "competitor research"],
        ["Make {subject} part of a weekly routine", "your routine"],
        ["Write the way {who} talk", "your wording"],
        ["Keep every detail current", "your details"],
        ["Cut anything that doesn't help you {goal}", "your to-do list"],
      ]);
      base = ideas.slice(0, n).map(([title, focus], i) => ({
        heading: `${i + 1}. ${c.fill(title)}`,
        focus,
        openers: [],
      }));
      if (baseCount > n)
        base.push({
          heading: `How to choose where to start with ${b.subject}`,
          focus: "your starting point",
          openers: [
            "You don't need all of these at once.",
            "Pick the two that cost you the least time and start there.",
          ],
        });
      ctxAt = n;
      break;
    }
    case "comparison": {
      const [x, y] = b.options.length ? b.options : [b.subject, "the alternatives"];
      base = [
        {
          heading: `${x} vs ${y} at a glance`,
          focus: "the side-by-side view",
          noFill: true,
          openers: [
            "Here's the short version before the detail. Prices and plans change often, so [verify: check each vendor's current pricing page] before you decide.",
          ],
          block: {
            type: "table",
            header: ["Question", x, y],
            rows: [
              ["Best for", `${b.who} who want ${x}'s approach`, `${b.who} who want ${y}'s approach`],
              ["Setup time", "[verify]", "[verify]"],
              ["Monthly cost", "[verify]", "[verify]"],
              ["Learning curve", "Try the free trial", "Try the free trial"],
            ],
          },
        },
        {
          heading: `Where ${x} is the better fit`,
          focus: x,
          openers: [
            "{Focus} suits you if you want something that works the way its defaults work.",
            "Write down the three tasks you'll do most, then try each of them in {focus}.",
          ],
        },
        {
          heading: `Where ${y} is the better fit`,
          focus: y,
          openers: [
            "{Focus} makes sense when its strengths match the work you do every week, not the work you might do one day.",
          ],
        },
        {
          heading: `What ${x} and ${y} really cost`,
          focus: "the real cost",
          openers: [
            "The sticker price is only part of it. Add apps, transaction fees and your own setup time. [verify: current fees for both]",
          ],
        },
        {
          heading: "Setup and day-to-day use",
          focus: "day-to-day use",
          openers: ["Most of your time goes into ordinary weekly tasks, so judge both options on those."],
        },
        {
          heading: `Which should ${b.who} choose?`,
          focus: "the decision",
          openers: [
            "Choose the one you'll actually keep using after the first month.",
            "If it's still a tie, pick the cheaper one and set a review date.",
          ],
        },
      ];
      break;
    }
    case "explainer": {
      base = [
        {
          heading: `What ${b.subject} is, in plain terms`,
          focus: b.subject,
          openers: ["Strip away the jargon and {subject} is simpler than it sounds."],
        },
        {
          heading: `How ${b.subject} works`,
          focus: "the setup",
          openers: ["Think of it as a set of small, repeatable steps rather than one big system."],
        },
        {
          heading: `Why ${b.subject} matters for ${b.who}`,
          focus: "the payoff",
          openers: ["For {who}, the practical question is whether it helps you {goal}."],
        },
        {
          heading: "A worked example",
          focus: "the example",
          openers: [
            "Picture one of the {who} you know, starting from nothing on a {day} morning.",
            "They spend {n} minutes on the basics, then one short session a week after that.",
          ],
        },
        {
          heading: `Common misunderstandings about ${b.subject}`,
          focus: "the misunderstandings",
          openers: ["A few myths keep coming up."],
          block: { type: "h3", items: shuffle(r, MISTAKES(b)) },
        },
      ];
      break;
    }
    case "caseStudy": {
      base = [
        {
          heading: `The situation before ${b.subject}`,
          focus: "the starting point",
          openers: [
            "This is a worked example, so replace the figures in brackets with your own before you publish.",
            "The starting point: one of the {who}, with little time and [verify: starting figure] as its baseline.",
          ],
        },
        {
          heading: `The plan to ${b.goal}`,
          focus: "the plan",
          openers: ["The plan fitted on one page and took {n} minutes a week."],
        },
        {
          heading: "What changed, week by week",
          focus: "the weekly changes",
          openers: ["Here's the order the work happened in."],
          block: {
            type: "numbered",
            items: [
              "Week one: the basics in {subject} were finished and checked on a phone.",
              "Week two: new content went up, and the first replies went out within a day.",
              "Week four: the main number had moved to [verify: your figure].",
              "Week eight: the routine was down to one short session a week.",
            ],
          },
        },
        {
          heading: "What we'd do differently",
          focus: "the lessons",
          openers: ["Start measuring on day one, not in week three."],
        },
        {
          heading: `Lessons other ${b.who} can use`,
          focus: "what transfers",
          openers: ["Most of this transfers directly to {who} of any size."],
        },
      ];
      break;
    }
    case "faq": {
      const qs: [string, string, string[]][] = [
        [`What is ${b.subject}?`, b.subject, ["In short, {subject} is a tool you can use to {goal}."]],
        [
          `Do ${b.who} really need ${b.subject}?`,
          "whether you need it",
          ["Not always, but if your customers look for you online, it's hard to skip."],
        ],
        [
          `How long does ${b.subject} take to show results?`,
          "the timeline",
          ["Expect a few weeks before anything shows, and a few months for steady results."],
        ],
        [
          `How much does ${b.subject} cost?`,
          "the cost",
          ["Check the current pricing yourself [verify: current price], and count your own time as a cost too."],
        ],
        [`What should ${b.who} do first?`, "the first step", ["Finish the basics, then pick one weekly habit."]],
        [
          "What mistakes should you avoid?",
          "the usual mistakes",
          ["The common ones are changing too much at once and never checking the numbers."],
        ],
        [`How often should you update ${b.subject}?`, "updates", ["Weekly is a good rhythm for most {who}."]],
      ];
      base = qs.map(([heading, focus, openers]) => ({ heading, focus, openers }));
      ctxAt = 3;
      break;
    }
    default: {
      base = [
        {
          heading: `What ${b.subject} can do for ${b.who}`,
          focus: b.subject,
          openers: ["For {who}, {subject} is mostly about being found and chosen by people who are already looking."],
        },
        {
          heading: `Getting started with ${b.subject}`,
          focus: "the first steps",
          openers: ["Start with the parts a customer sees first, and leave the rest for later."],
        },
        {
          heading: `Mistakes to avoid with ${b.subject}`,
          focus: "the usual mistakes",
          openers: ["These are the ones that cost {who} the most time."],
          block: { type: "h3", items: shuffle(r, MISTAKES(b)) },
        },
        {
          heading: "How to measure progress",
          focus: "your progress",
          openers: ["Pick one number that shows whether you're starting to {goal}."],
        },
      ];
      ctxAt = 2;
    }
  }

  const extras = shuffle(r, EXTRA_SECTIONS(b));
  while (base.length < baseCount && extras.length) base.push(extras.shift()!);
  base = base.slice(0, Math.max(baseCount, b.kind === "listicle" ? base.length : 0));
  const at = Math.min(ctxAt, base.length);
  return [...base.slice(0, at), ...ctx, ...base.slice(at)];
}

function titleFor(b: Brief): string {
  const t = capitalize(b.topic);
  switch (b.kind) {
    case "howto":
      return /^how\b/i.test(b.topic) ? t : `How to ${b.goal} with ${b.subject}`;
    case "listicle":
      return /^\d/.test(b.topic) ? t : `${b.listCount ?? 7} ways to ${b.goal} with ${b.subject}`;
    case "comparison":
      return b.options.length >= 2 ? `${b.options.join(" vs ")}: which is right for ${b.who}?` : t;
    case "explainer":
      return /^(?:what|why)\b/i.test(b.topic) ? t : `${capitalize(b.subject)}, explained for ${b.who}`;
    case "caseStudy":
      return `Case study: ${b.topic}`;
    case "faq":
      return `${capitalize(b.subject)}: answers to the questions ${b.who} ask most`;
    default:
      return `${t}: a practical guide`;
  }
}

const INTRO_FIRST: Record<Kind, string> = {
  howto:
    "If you want to {goal}, {subject} is one of the cheapest places to start, as long as you treat it as a habit rather than a one-off job.",
  listicle: "Here are practical ways to {goal} with {subject}, ordered so the quickest wins come first.",
  comparison:
    "Choosing between these options comes down to a few practical questions, and this post takes them one at a time.",
  guide: "This guide shows how {who} can use {subject} to {goal}, step by step and without jargon.",
  explainer: "{Subject} sounds technical, but the idea behind it is simple once you see it in use.",
  caseStudy: "This case study walks through how {who} can approach {subject}, so you can see the work from the inside.",
  faq: "These are the questions {who} ask most often about {subject}, answered plainly.",
};

function writeIntro(c: Composer, budget: number): void {
  const b = c.brief;
  const start = c.words;
  const candidates = [
    INTRO_FIRST[b.kind],
    `This post is for ${b.readers}, so the advice assumes limited time and no marketing department.`,
    "By the end, you'll have a short plan you can start on {day} and a simple way to check whether it's paying off.",
    ...(b.extras.length
      ? [
          `${capitalize(joinList(b.extras))} get their own ${b.extras.length > 1 ? "sections" : "section"}, because that's where many {who} see the quickest results.`,
        ]
      : []),
    ...(b.keywords.length ? [`If you came here searching for ${b.keywords[0]}, the sections below cover it.`] : []),
    ...(b.date
      ? [
          `Written on {date}; details of {subject} change, so confirm anything that looks different before you act on it.`,
        ]
      : []),
    "You won't need a budget for most of it. Just a little time each week.",
  ];
  const sentences: string[] = [];
  candidates.forEach((t, i) => {
    const s = c.candidate(t);
    if (!s) return;
    const left = budget - (c.words - start);
    if (i < 2 || left > countWords(s.join(" ")) / 2) {
      c.commit(s);
      sentences.push(...s);
    }
  });
  const cut = Math.min(sentences.length, 2 + (sentences.length > 4 ? 1 : 0));
  c.lines.push(sentences.slice(0, cut).join(" "), "");
  if (sentences.length > cut) c.lines.push(sentences.slice(cut).join(" "), "");
}

function writeConclusion(c: Composer, firstFocus: string, budget: number): void {
  const b = c.brief;
  const comparing = b.options.length >= 2;
  const headings = comparing
    ? [`How to decide between ${joinList(b.options)} this week`, "Your next step"]
    : [`Your next step with ${b.subject}`, "Where to start this week", `What to do first with ${b.subject}`];
  c.line(`## ${pick(c.rng, headings)}`);
  c.lines.push("");
  writeProse(
    c,
    {
      heading: "",
      focus: firstFocus,
      noFill: true,
      openers: comparing
        ? [
            "Don't overthink it.",
            `Here's your next step: start a trial of ${joinList(b.options)} on the same day and spend {n} minutes on the same three tasks in each.`,
            "Write down where you got stuck, then decide by next {day}.",
            "If both feel fine, pick the cheaper one and set a review date.",
          ]
        : [
            "Don't try to do all of this at once.",
            "Here's your next step: set aside {n} minutes today for {focus}.",
            "Put a second session in your calendar for next {day}, and note the number you'll watch.",
            "Check it again in {weeks} weeks, then decide what to do more of.",
          ],
    },
    budget,
    c.words - 5,
  );
}

export function writeOfflineDraft(req: DraftRequest): string {
  const brief = parseBrief(req);
  const seed = hashString(
    JSON.stringify([
      req.contentType,
      req.targetAudience ?? "",
      req.wordCount ?? "",
      req.additionalContext ?? "",
      req.writingStyle,
      req.seoKeywords ?? "",
      req.currentDate,
    ]),
  );
  const c = new Composer(createRng(seed), brief);
  const target = brief.words;
  const introBudget = Math.max(40, Math.min(150, Math.round(target * 0.1)));
  const conclusionBudget = Math.max(35, Math.min(110, Math.round(target * 0.07)));
  const bodySections = Math.max(2, Math.min(14, Math.round((target - introBudget - conclusionBudget) / 170)));
  const plan = planFor(c, bodySections);

  c.line(`# ${titleFor(brief)}`);
  c.lines.push("");
  writeIntro(c, introBudget);
  plan.forEach((section, i) => {
    const budget = Math.max(15, (target - conclusionBudget - c.words) / (plan.length - i));
    const start = c.words;
    c.line(`## ${section.heading}`);
    c.lines.push("");
    const blockFirst = section.block?.type === "table";
    if (section.block && blockFirst) writeBlock(c, section.block, budget * 0.5, start);
    writeProse(
      c,
      { ...section, noFill: section.noFill || Boolean(section.block && !blockFirst) },
      section.block && !blockFirst ? budget * 0.35 : budget,
      start,
    );
    if (section.block && !blockFirst) {
      writeBlock(c, section.block, budget, start);
      if (c.words - start < budget * 0.8) writeProse(c, { ...section, openers: [] }, budget, start);
    }
  });
  writeConclusion(c, plan[1]?.focus ?? plan[0]?.focus ?? "the basics", conclusionBudget);
  return `${c.lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

// ---------------------------------------------------------------------------------------------
// Deterministic revision
// ---------------------------------------------------------------------------------------------

type Replacement = [RegExp, string];

/** Stock verbs and their plain replacements, in base, -s, -ing and -ed forms. */
const VERB_SWAPS: Replacement[] = (
  [
    [
      ["showcase", "showcases", "showcasing", "showcased"],
      ["show", "shows", "showing", "showed"],
    ],
    [
      ["foster", "fosters", "fostering", "fostered"],
      ["build", "builds", "building", "built"],
    ],
    [
      ["underscore", "underscores", "underscoring", "underscored"],
      ["show", "shows", "showing", "showed"],
    ],
    [
      ["leverage", "leverages", "leveraging", "leveraged"],
      ["use", "uses", "using", "used"],
    ],
    [
      ["utilize", "utilizes", "utilizing", "utilized"],
      ["use", "uses", "using", "used"],
    ],
    [
      ["unlock", "unlocks", "unlocking", "unlocked"],
      ["open up", "opens up", "opening up", "opened up"],
    ],
    [
      ["unleash", "unleashes", "unleashing", "unleashed"],
      ["use", "uses", "using", "used"],
    ],
    [
      ["elevate", "elevates", "elevating", "elevated"],
      ["improve", "improves", "improving", "improved"],
    ],
    [
      ["empower", "empowers", "empowering", "empowered"],
      ["help", "helps", "helping", "helped"],
    ],
    [
      ["harness", "harnesses", "harnessing", "harnessed"],
      ["use", "uses", "using", "used"],
    ],
    [
      ["streamline", "streamlines", "streamlining", "streamlined"],
      ["simplify", "simplifies", "simplifying", "simplified"],
    ],
  ] as [string[], string[]][]
).flatMap(([forms, plain]) => forms.map((f, i): Replacement => [new RegExp(`\\b${f}\\b`, "gi"), plain[i]]));

const PHRASES: Replacement[] = [
  [
    /\bin (?:today's|today’s|the) (?:fast-paced|ever-changing|ever-evolving|rapidly evolving|modern|digital|competitive)(?: (?:digital|business|online|modern|and competitive))?(?: (?:world|landscape|environment|age|era|market|economy))?(?: of [^,.]+)?,?\s*/gi,
    "",
  ],
  [/\bin (?:the|this) (?:ever-evolving|ever-changing|dynamic) (?:world|landscape|realm) of [^,.]+,?\s*/gi, ""],
  [
    /\b(?:it(?:'s|’s| is) (?:important|worth|crucial|essential|vital) to (?:note|remember|mention|keep in mind|understand|recognize)(?: that)?|it should be noted that|needless to say|it goes without saying that),?\s*/gi,
    "",
  ],
  [/\b(?:stands|serves) as a (?:testament|reminder) to\b/gi, "shows"],
  [/\bis a testament to\b/gi, "shows"],
  [/\ba testament to\b/gi, "proof of"],
  [/\bplays? an? (?:vital|crucial|pivotal|key|significant|critical|important|essential) role in\b/gi, "matters for"],
  [/\bleveraging synergies\b/gi, "working together"],
  [/\bunlock(?:s|ing)? unprecedented growth\b/gi, "help you grow faster"],
  [/\bunprecedented\b/gi, "new"],
  [/\bdelv(?:e|es|ing) (?:deep |deeper )?into\b/gi, "look at"],
  [/\bdelve\b/gi, "dig"],
  [/\ba rich tapestry of\b/gi, "a mix of"],
  [/\btapestry\b/gi, "mix"],
  [/\b(?:digital|business|marketing|competitive) landscape\b/gi, "market"],
  [/\blandscape\b/gi, "field"],
  [/\brealm\b/gi, "area"],
  [/\bpivotal\b/gi, "key"],
  [/\bintricate\b/gi, "detailed"],
  ...VERB_SWAPS,
  [/\bseamlessly\b/gi, "smoothly"],
  [/\bseamless\b/gi, "smooth"],
  [/\bsynerg(?:y|ies)\b/gi, "teamwork"],
  [/\bembark(?:s|ing)? on\b/gi, "start"],
  [/\bnavigat(?:e|es|ing) the complexities of\b/gi, "handle"],
  [/\ba (?:myriad|plethora) of\b/gi, "many"],
  [/\bmyriad\b/gi, "many"],
  [/\bvibrant\b/gi, "lively"],
  [/\bbreathtaking\b/gi, "striking"],
  [/\bgame[- ]changer\b/gi, "big help"],
  [/\bcutting-edge\b/gi, "new"],
  [/\brobust\b/gi, "solid"],
  [/\bcomprehensive\b/gi, "full"],
  [/\bin order to\b/gi, "to"],
  [/\bdue to the fact that\b/gi, "because"],
  [/\bat this point in time\b/gi, "now"],
  [/\bever-evolving\b/gi, "changing"],
];

const OPENERS =
  /^(?:moreover|furthermore|additionally|in addition|in conclusion|in summary|to sum up|overall|ultimately|notably|importantly|indeed|consequently|thus|hence|firstly|secondly|lastly|that said|all in all),\s*/i;

const TAILS =
  /,\s+(?:highlighting|underscoring|emphasizing|emphasising|reflecting|showcasing|demonstrating|symbolizing|signaling|signalling|solidifying|cementing|contributing to|paving the way for|marking|ensuring)\b[^.!?]*([.!?]?)$/i;

const CHATBOT =
  /^(?:i hope this helps|as an ai(?: language model)?|certainly!?|great question|let me know if|feel free to (?:ask|reach out)|here is (?:your|the) (?:blog post|article|revised)|i'd be happy to)/i;

const CONTRACTIONS: Replacement[] = [
  [/\b([Ii]t|[Tt]hat|[Tt]here|[Ww]hat|[Hh]ere) is\b(?=\s+\w)/g, "$1's"],
  [/\b([Yy]ou|[Ww]e|[Tt]hey) are\b(?=\s+\w)/g, "$1're"],
  [/\b([Yy]ou|[Ww]e|[Tt]hey|[Ii]t) will\b(?=\s+\w)/g, "$1'll"],
  [/\b([Yy]ou|[Ww]e|[Tt]hey) have\b(?=\s+(?:been|got|done|seen|made|had|to)\b)/g, "$1've"],
  [/\b([Dd]o|[Dd]oes|[Dd]id|[Ii]s|[Aa]re|[Ww]as|[Ww]ere|[Hh]as|[Hh]ave|[Ss]hould|[Ww]ould|[Cc]ould) not\b/g, "$1n't"],
  [/\b([Cc])annot\b/g, "$1an't"],
  [/\b([Ww])ill not\b/g, "$1on't"],
];

const ADVERBS = /\s\b(?:really|very|truly|actually|basically|incredibly|extremely|simply|quite)\b(?=\s)/gi;

function matchCase(source: string, replacement: string): string {
  if (!replacement) return replacement;
  return /^[A-Z]/.test(source) ? capitalize(replacement) : replacement;
}

function tidy(s: string): string {
  let out = s
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/,\s*([.!?])/g, "$1")
    .replace(/^[\s,;:]+/, "")
    .trim();
  out = capitalize(out);
  return out;
}

function reorderConditional(s: string): string {
  const m = s.match(/^(If|When|Once|Before|After|Unless|While)\s+([^,:;"]{3,90}),\s+([^,:;"]{3,}?)([.!?])$/);
  if (!m) return s;
  return `${capitalize(m[3])} ${m[1].toLowerCase()} ${m[2]}${m[4]}`;
}

function splitLong(s: string, limit: number): string {
  if (countWords(s) <= limit) return s;
  const candidates = [/;\s+/g, /,\s+but\s+/g, /,\s+and\s+/g, /,\s+so\s+/g, /,\s+which\s+/g];
  for (const re of candidates) {
    for (const m of s.matchAll(re)) {
      const at = m.index ?? 0;
      const ratio = at / s.length;
      if (ratio < 0.3 || ratio > 0.75) continue;
      const left = s.slice(0, at);
      let right = s.slice(at + m[0].length);
      if (/but/.test(m[0])) right = `But ${right}`;
      else if (/so/.test(m[0])) right = `So ${right}`;
      else if (/which/.test(m[0])) right = `That ${right}`;
      if (countWords(left) < 5 || countWords(right) < 4) continue;
      return `${left}. ${capitalize(right)}`;
    }
  }
  return s;
}

/** Rewrites one sentence under PROSE. `strong` also splits long sentences and restructures conditionals. */
export function plainSentence(sentence: string, strong = false): string {
  const lead = sentence.match(/^\s*/)?.[0] ?? "";
  let s = sentence.trim();
  if (!s) return sentence;
  if (CHATBOT.test(s)) return "";
  s = s.replace(OPENERS, "");
  for (const [re, rep] of PHRASES) s = s.replace(re, (m) => matchCase(m, rep));
  s = s.replace(/\bnot only\s+(.+?),?\s+but(?: also)?\s+/i, "$1 and ");
  s = s.replace(TAILS, (_m, p: string) => p || ".");
  for (const [re, rep] of CONTRACTIONS) s = s.replace(re, rep);
  s = s.replace(ADVERBS, "");
  s = tidy(s);
  if (strong) {
    s = splitLong(s, 22);
    if (s === tidy(sentence)) s = reorderConditional(s);
  } else {
    s = splitLong(s, 32);
  }
  if (s && !/[.!?:"'”)]$/.test(s)) s += /[.!?]$/.test(sentence.trim()) ? sentence.trim().slice(-1) : "";
  return lead + s;
}

function replaceAllLoose(document: string, target: string, replacement: string): string {
  if (!replacement) {
    // A deleted sentence takes one neighbouring space with it.
    for (const t of [`${target} `, ` ${target}`]) if (document.includes(t)) return document.split(t).join("");
  }
  if (document.includes(target)) return document.split(target).join(replacement);
  const words = target.trim().split(/\s+/).map(escapeRegExp);
  if (words.length === 0) return document;
  const re = new RegExp(words.join("\\s+"), "g");
  return document.replace(re, () => replacement);
}

export function reviseOffline(input: { document: string; flaggedSentences: string[] }): string {
  let doc = input.document;
  const flagged = [...new Set(input.flaggedSentences.map((s) => s.trim()).filter((s) => s.length > 0))];
  // Longest first, so a flagged sentence that contains another is handled as a whole.
  flagged.sort((a, b) => b.length - a.length);
  for (const f of flagged) {
    if (f.startsWith("#")) continue;
    const rewritten = plainSentence(f, true);
    if (rewritten === f) continue;
    doc = replaceAllLoose(doc, f, rewritten);
  }
  return doc;
}

function rewriteLine(line: string, flagged: Set<string>, force: boolean): string {
  const m = line.match(/^(\s*(?:[-*+]\s+|\d+[.)]\s+|>\s*)?)(.*)$/);
  if (!m) return line;
  const [, prefix, body] = m;
  if (!body.trim()) return line;
  const sentences = splitSentences(body);
  const out = sentences
    .map((s) => {
      const isFlagged = flagged.has(norm(s));
      let r = plainSentence(s, isFlagged);
      if (force && r === s) r = splitLong(reorderConditional(s), 16);
      return r;
    })
    .filter((s) => s.length > 0);
  if (out.length === 0) return "";
  return prefix + out.join(" ");
}

function mapProseLines(document: string, fn: (line: string) => string): string {
  let inCode = false;
  return document
    .split("\n")
    .map((line) => {
      const t = line.trim();
      if (t.startsWith("```")) {
        inCode = !inCode;
        return line;
      }
      if (inCode || !t || t.startsWith("#") || t.startsWith("|") || /^[-*_]{3,}$/.test(t)) return line;
      return fn(line);
    })
    .join("\n");
}

export function finalRewriteOffline(input: { originalContent: string; aiDetectedSentences: string[] }): string {
  const flagged = new Set(input.aiDetectedSentences.map(norm));
  let out = mapProseLines(input.originalContent, (l) => rewriteLine(l, flagged, false));
  if (out === input.originalContent) out = mapProseLines(input.originalContent, (l) => rewriteLine(l, flagged, true));
  return out.replace(/\n{3,}/g, "\n\n");
}

export function reviseTextOffline(text: string): string {
  const all = new Set<string>();
  for (const s of splitSentences(text)) all.add(norm(s));
  let out = text
    .split("\n")
    .map((line) => (line.trim().startsWith("#") ? line : rewriteLine(line, all, false)))
    .join("\n");
  if (out === text) {
    out = text
      .split("\n")
      .map((line) => (line.trim().startsWith("#") ? line : rewriteLine(line, all, true)))
      .join("\n");
  }
  return out;
}

/** The documented honest token count for the offline writer: characters ÷ 4, rounded up. */
export function countTokensOffline(s: string): number {
  return Math.ceil(s.length / 4);
}

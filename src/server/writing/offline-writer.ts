// The offline writer: a deterministic sample writer that answers when no model key is configured,
// so every screen and test works on a fresh machine. It reads the brief into a subject, an audience
// and a goal (./brief), then writes from a bank of sentence templates that read correctly for any
// filling, following the PROSE rules it can follow without a model.

import { type Kind, type ParsedBrief, parseBrief as readBrief } from "./brief";
import { type DraftRequest, parseWordCount } from "./prose";
import {
  capitalize,
  countWords,
  createRng,
  escapeRegExp,
  hashString,
  headingProblems,
  joinList,
  pick,
  shuffle,
  splitSentences,
} from "./text";

// ---------------------------------------------------------------------------------------------
// Reading the brief
// ---------------------------------------------------------------------------------------------

interface Brief extends ParsedBrief {
  /** The audience as the user described it (the target audience field, else the brief's). */
  readers: string;
  /** Things to cover: the brief's own list plus "Mention X and Y" in the additional context. */
  items: string[];
  keywords: string[];
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

function isPlural(word: string): boolean {
  return /[^s]s$/i.test(word.trim()) || /\bpeople$/i.test(word);
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
  return items;
}

function parseBrief(req: DraftRequest): Brief {
  const parsed = readBrief(req.contentType || "a blog post", req.targetAudience);
  const items = [...parsed.extras];
  for (const e of parseExtras(req.additionalContext ?? "")) if (!items.includes(e)) items.push(e);
  const readers = clean(req.targetAudience ?? "") || parsed.audience?.text || "";
  return {
    ...parsed,
    readers,
    items: items.slice(0, 4),
    keywords: (req.seoKeywords ?? "")
      .split(/[,;\n]/)
      .map(clean)
      .filter(Boolean)
      .slice(0, 5),
    date: clean(req.currentDate ?? ""),
    words: parseWordCount(req.wordCount),
  };
}

// ---------------------------------------------------------------------------------------------
// Sentence banks. Slots: {subject} ("a CRM"), {the_subject} ("the CRM"), {your_subject},
// {is} {it} {them} {its} {s} (agreement with the subject), {who} (the audience as a plural group),
// {audience} (as written), {readers}, {goal} (a verb phrase), {focus} (always a noun phrase with its
// own determiner: "the first step", "your numbers"), {n} {weeks} {day} {date}. A capitalised slot
// name ({Focus}) capitalises the value. Templates that use {who} or {audience} are skipped when the
// brief names no audience. A template may hold two sentences that belong together.
// ---------------------------------------------------------------------------------------------

const GENERAL: string[] = [
  "Start with {focus}, because it's the part most people rush.",
  "Give {focus} {n} minutes on {day} and write down what you changed.",
  "If you only fix one thing this week, make it {focus}.",
  "Look at {focus} the way a newcomer would. What would confuse them?",
  "Keep a plain note of every change to {focus}, with the date next to it.",
  "Small, regular adjustments to {focus} beat one big overhaul every six months.",
  "Work on {focus} won't fix everything on its own. It does make the rest easier.",
  "When you're unsure, pick the simpler option for {focus} and revisit it in {weeks} weeks.",
  "Give any change to {focus} at least {weeks} weeks before you judge it.",
  "Skip the jargon when you think about {focus}; plain words lead to plain decisions.",
  "If something about {focus} is out of date, fix it before you add anything new.",
  "Put a reminder in your calendar for the first {day} of each month to review {focus}.",
  "Most of the gain from {focus} comes from doing it regularly, not from doing it cleverly.",
  "Here's a quick way in: pick one part of {focus} and change it today.",
  "Someone who already handles {focus} well is worth half an hour of your time. Note what they do, then adapt it to your situation.",
  "Be honest with yourself about {focus}. The gap between what you planned and what you did is where the lessons are.",
  "Not sure whether the work on {focus} is helping? Compare this month with last month, using the same measure.",
  "You don't need special software for {focus}; a spreadsheet and a calendar are enough.",
  "Every hour you put into {focus} should connect back to one aim: to {goal}.",
  "Treat {focus} as a habit, not a project.",
  "A useful rule of thumb for {focus}: if a task takes more than {n} minutes, break it into two.",
  "Expect a few false starts with {focus}. Most of them cost nothing but time.",
  "Ask someone you trust to look at {focus} and tell you what confused them; their first reaction is the useful part.",
  "When a task on {focus} is done, tick it off and move on. Perfect isn't the aim.",
  "Resist the urge to change {focus} and everything else at once, or you won't know which change helped.",
  "It's tempting to hand {focus} to someone else straight away, but do it yourself once so you know what good looks like.",
  "Write the steps for {focus} on one page, so anyone who helps you can pick them up.",
  "If {focus} feels overwhelming, cut the task in half and do the first half on {day}.",
  "Budget {n} minutes a week for {focus} and protect that time like an appointment.",
  "Some weeks the work on {focus} will feel pointless. Keep going anyway; results tend to arrive in a lump, not a line.",
  "A short checklist for {focus} saves you from redoing the same work every month.",
  "Don't wait for perfection on {focus} before you start.",
  "Try one new idea for {focus} each month and drop anything that hasn't helped after {weeks} weeks.",
  "The difference between an okay result and a good one usually comes down to detail in {focus}: a date, a number, a name.",
  "Look back at {focus} after {weeks} weeks and ask what you'd do again.",
  "If other people are involved, agree who owns {focus}. Shared jobs tend to become nobody's job.",
  "For {who}, getting {focus} right rarely takes money. It takes attention.",
  "Save your best examples of {focus} in one folder; you'll reuse them more than you expect.",
  "You'll get better at {focus} quickly. The first round is always the slowest.",
  "Getting {focus} right makes every other part of the job easier to manage.",
  "Write down what you expect from {focus} before you start, then check it against what actually happens.",
  "If a piece of advice about {focus} sounds too neat, test it on a small scale first.",
  "Ask two people who've done this before what they'd change about {focus}.",
  "Most {who} underestimate how long {focus} takes the first time. Double your estimate.",
  "Keep {focus} simple enough that you'd still do it in a busy week.",
  "A few minutes on {focus} every {day} adds up faster than a long session once a quarter.",
  "Write {focus} into your plan as a specific task with a date, not a vague intention.",
  "Stuck on {focus}? Ask what the smallest useful next action is, and do only that.",
  "Numbers help with {focus}. Pick one you can count without special tools.",
  "Notice which part of {focus} you keep putting off; that's usually where the real problem sits.",
  "Don't compare your first attempt at {focus} with someone else's tenth.",
  "Once {focus} is working, write down why, so you can repeat it.",
  "A rough version of {focus} this week beats a polished one next quarter.",
  "Plenty of {who} get {focus} wrong the first time and fix it on the second pass. That's normal.",
  "Decide in advance what would make you stop or change course on {focus}.",
  "Keep the paperwork for {focus} in one place; you'll thank yourself when something needs checking.",
];

/** Extra general templates for briefs about a business and its customers. */
const BUSINESS: string[] = [
  "Look at {focus} the way a first-time customer would.",
  "Check {focus} on a phone, since that's where most customers will see it.",
  "The people who already buy from you are the best source of ideas for {focus}. Ask two of them this week.",
  "Search for your own business the way a stranger would, then look at {focus} with fresh eyes.",
  "Keep {focus} consistent with your website and your shop sign; mismatched details cost trust.",
  "Name things the way your customers do when you work on {focus}, even if your supplier calls them something else.",
  "Think of {focus} as the answer to a question a customer is already asking.",
  "Don't copy what a national chain does with {focus}; you don't have their budget, and you don't need it.",
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
    match: /price|pricing|cost|budget|fee/,
    tips: [
      "Write down every cost, including the small recurring ones, before you compare anything.",
      "Check current {item} yourself [verify: today's prices from the provider or supplier]; figures in older articles go stale quickly.",
      "If {item} vary, work out a typical range and note what moves it up or down.",
    ],
  },
  {
    match: /tool|app|software/,
    tips: [
      "Start with the {item} you already have; most people need fewer than they think.",
      "Try any new option for a week on real work before you pay for it.",
      "Keep a short list of what each of your {item} is for, and cancel anything you haven't opened in a month.",
    ],
  },
  {
    match: /mistake|pitfall|error/,
    tips: [
      "Most {item} come from rushing the first step or skipping the check at the end.",
      "Write down the two {item} you're most likely to make, and put a check against each in your plan.",
      "When something goes wrong, note what happened the same day; memory edits the details fast.",
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
  "Start by looking at the {item} you already have; most people have more to work with than they think.",
  "Set a simple rule for {item} and stick to it for {weeks} weeks before you change it.",
  "Here's how to handle {item} without turning it into a second job.",
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

const AUDIENCE_SLOT = /\{(?:who|audience)\}/i;

class Composer {
  readonly used = new Set<string>();
  private readonly usage = new Map<string, number>();
  private readonly bank: string[];
  words = 0;
  readonly lines: string[] = [];

  constructor(
    readonly rng: () => number,
    readonly brief: Brief,
  ) {
    this.bank = [...GENERAL, ...(brief.business ? BUSINESS : [])].filter((t) => this.fits(t));
  }

  /** False for templates that need an audience when the brief names none. */
  fits(template: string): boolean {
    return Boolean(this.brief.audience) || !AUDIENCE_SLOT.test(template);
  }

  fill(template: string, extra: Record<string, string> = {}): string {
    const b = this.brief;
    const s = b.subject;
    const slots: Record<string, string> = {
      subject: s.text,
      the_subject: s.the,
      your_subject: s.your,
      is: s.plural ? "are" : "is",
      it: s.plural ? "they" : "it",
      them: s.plural ? "them" : "it",
      its: s.plural ? "their" : "its",
      s: s.plural ? "" : "s",
      who: b.audience?.group ?? "people",
      audience: b.audience?.text ?? "you",
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

  /** Returns the sentences of a filled template, or null if any was already used or it needs a missing audience. */
  candidate(template: string, extra?: Record<string, string>): string[] | null {
    if (!this.fits(template)) return null;
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
    return shuffle(this.rng, this.bank).sort((a, b) => (this.usage.get(a) ?? 0) - (this.usage.get(b) ?? 0));
  }

  get bankSize(): number {
    return this.bank.length;
  }

  noteUse(template: string): void {
    this.usage.set(template, (this.usage.get(template) ?? 0) + 1);
  }

  /**
   * The first of the headings that reads well (at most 12 words, nothing dangling or doubled); with
   * `vary`, one of them chosen by the seed. Options are listed most specific first; `false` skips one.
   */
  heading(options: (string | false | undefined | null)[], vary = false): string {
    const filled = options.filter((o): o is string => typeof o === "string" && o.length > 0).map((o) => this.fill(o));
    const good = filled.filter((h) => headingProblems(h).length === 0 && !/\{\w+\}/.test(h));
    const chosen = good.length ? (vary ? pick(this.rng, good) : good[0]) : filled[filled.length - 1];
    return capitalize(chosen ?? "Next steps");
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
    while (c.words - startWords < budget && misses < c.bankSize) {
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
      c.line(`### ${c.heading([item.title])}`);
      c.lines.push("");
      c.commit(sentences);
      c.lines.push(sentences.join(" "), "");
      i++;
    }
  } else {
    c.line(`| ${block.header.join(" | ")} |`);
    c.lines.push(`| ${block.header.map(() => "---").join(" | ")} |`);
    for (const row of block.rows) c.line(`| ${row.map((cell) => c.fill(cell)).join(" | ")} |`);
    c.lines.push("");
  }
}

// ---------------------------------------------------------------------------------------------
// Plans per kind of brief
// ---------------------------------------------------------------------------------------------

/** True for a subject that names an activity ("composting at home", "home buying"). */
function isActivity(bare: string): boolean {
  return /^[a-z]+ing\b/.test(bare) || /\b[a-z]+ing$/.test(bare);
}

/** True when the subject is already named inside the goal ("start a podcast" / "a podcast"). */
function subjectInGoal(b: Brief): boolean {
  return b.goal.toLowerCase().includes(b.subject.bare.toLowerCase());
}

const STEP_BANK: { title: string; focus: string; openers: string[]; business?: boolean }[] = [
  {
    title: "decide what a good result looks like",
    focus: "the result you want",
    openers: [
      "Before you change anything, write one sentence that describes what it would look like to {goal}.",
      "Make it something you could check in a month, not a feeling.",
    ],
  },
  {
    title: "check where you stand today",
    focus: "your starting point",
    openers: [
      "Note how things work right now, warts and all, so you have something to compare against later.",
      "Ten honest minutes here saves weeks of guessing.",
    ],
  },
  {
    title: "set up the basics properly",
    focus: "the basic setup",
    openers: [
      "Get the basics of {the_subject} in place before you try anything clever.",
      "Fill in every detail you can, even the ones that look optional; gaps cause problems later.",
    ],
  },
  {
    title: "fill in the details people check first",
    focus: "the details people check first",
    business: true,
    openers: [
      "People who look you up want quick answers: when you're open, where you are and what you offer.",
      "Put those answers where they can't be missed, in words your customers would use.",
    ],
  },
  {
    title: "add something new every week",
    focus: "fresh content",
    business: true,
    openers: [
      "Fresh content tells people, and search engines, that you're open and paying attention.",
      "A short update on {day} is enough; consistency matters more than length.",
    ],
  },
  {
    title: "answer people quickly",
    focus: "your replies",
    business: true,
    openers: [
      "Questions and messages that sit unanswered for days send people to the next result.",
      "Aim to reply within a day, and keep a few saved answers for the questions you get most.",
    ],
  },
  {
    title: "make one change at a time",
    focus: "the first change",
    openers: [
      "Pick the change you expect to matter most and make only that one this week.",
      "If you change several things together, you won't know which one helped.",
    ],
  },
  {
    title: "track whether it's working",
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
      "Drop the tasks that took time without changing anything, and put more into the one that did.",
    ],
  },
  {
    title: "build a routine you can keep",
    focus: "a weekly routine",
    openers: [
      "The best plan is one you'll still follow in three months.",
      "Write your routine on a single card: what you do, on which day, and for how long.",
    ],
  },
];

const MISTAKES = (b: Brief): { title: string; sentences: string[] }[] => [
  {
    title: "Leaving the setup half finished",
    sentences: [
      "A half-finished setup often causes more trouble than none, because you stop trusting it.",
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
  ...(b.business
    ? [
        {
          title: "Writing for search engines instead of people",
          sentences: [
            "Stuffing the same phrase into every sentence reads badly and rarely helps.",
            "Write for the person who's about to decide, and the search engines tend to follow.",
          ],
        },
      ]
    : [
        {
          title: "Following advice that doesn't fit your situation",
          sentences: [
            "Advice written for someone with more time, money or experience can lead you the wrong way.",
            "Ask whether each tip fits your week before you act on it.",
          ],
        },
      ]),
  {
    title: "Never looking at the numbers",
    sentences: [
      "Guessing feels faster than checking, but it leads to months of effort in the wrong place.",
      "Ten minutes a month with your numbers is enough.",
    ],
  },
  {
    title: "Copying someone else's approach word for word",
    sentences: [
      "What works for someone else may not fit you, and a copied plan rarely survives a busy week.",
      "Borrow the idea, not the details.",
    ],
  },
  {
    title: "Giving up after two weeks",
    sentences: [
      "Most changes take a month or more to show up in real results.",
      "Decide on a review date before you start.",
    ],
  },
];

function extraSections(b: Brief): SectionPlan[] {
  const W = b.audience?.short;
  const plans: SectionPlan[] = [
    {
      heading: "",
      focus: "your weekly routine",
      openers: [
        "A routine turns this from a job you keep putting off into something that takes {n} minutes.",
        "Here's a simple one to adapt.",
      ],
      block: {
        type: "bullets",
        items: [
          "**Monday:** check what changed last week and note one number.",
          "**Wednesday:** do the one task that moves things forward most.",
          "**Friday:** deal with anything waiting and fix one detail that's out of date.",
        ],
      },
    },
    {
      heading: W ? `How ${W} can save time` : "How to spend less time on it",
      focus: "the time you spend",
      openers: [
        "Time is usually the real constraint, not money.",
        "Batch similar tasks together and do them in one sitting.",
      ],
    },
    {
      heading: "When to get outside help",
      focus: "outside help",
      openers: [
        "Outside help makes sense when your own hour costs more than someone else's, or when you've stalled for a month.",
        "Ask for a fixed price for a fixed job, and keep the logins and paperwork in your own name.",
      ],
    },
    {
      heading: b.generic ? "Tools that help" : `Tools that help you ${b.goal}`,
      focus: "your tools",
      openers: ["You don't need much. Most of what helps is free or already on your phone."],
      block: {
        type: "bullets",
        items: [
          "A shared calendar with a repeating reminder for your weekly tasks.",
          "A spreadsheet with one row per week and one column per number you track.",
          "A notes file for decisions, with the date and the reason next to each.",
          "A folder for receipts, contracts and anything else you may need to check later.",
        ],
      },
    },
    {
      heading: "What to ignore for now",
      focus: "the things that can wait",
      openers: [
        "Not every option deserves your attention in the first month.",
        "Anything that doesn't help you {goal} can wait until the basics are running.",
      ],
    },
    {
      heading: "How to keep it going after the first month",
      focus: "the follow-through",
      openers: [
        "Most plans fade in week five, when the novelty wears off.",
        "Tie the work to something you already do every week, so it survives the busy spells.",
      ],
    },
    {
      heading: b.generic ? "Questions to ask first" : `Questions to ask before you ${b.goal}`,
      focus: "the questions worth asking",
      openers: ["A few questions now save a lot of backtracking later."],
      block: {
        type: "bullets",
        items: [
          "What would a good result look like in three months?",
          "How much time can you give this each week, honestly?",
          "What will it cost, including the small recurring costs? [verify: current prices]",
          "Who can you ask when you get stuck?",
        ],
      },
    },
  ];
  return plans.map((p) => (p.heading ? p : { ...p, heading: "A simple weekly routine" }));
}

function contextSections(c: Composer): SectionPlan[] {
  const b = c.brief;
  const W = b.audience?.short;
  return b.items.map((item) => {
    const specific = EXTRA_TIPS.find((t) => t.match.test(item));
    const heading = /^mistakes?$/i.test(item)
      ? c.heading(["Mistakes to avoid", "The mistakes that cost the most"])
      : c.heading(
          [
            `Getting ${item} right`,
            W && `${capitalize(item)}: what works for ${W}`,
            W && `How ${W} should handle ${item}`,
            `What to do about ${item}`,
            `${capitalize(item)}: what to know`,
          ],
          true,
        );
    return {
      heading,
      focus: /^(?:the|your|a|an)\s/i.test(item) ? item : `your ${item}`,
      item,
      openers: [...(specific ? specific.tips : []), ...shuffle(c.rng, EXTRA_GENERIC).slice(0, specific ? 1 : 3)],
    };
  });
}

const IDEAS: { title: string; focus: string; business?: boolean }[] = [
  { title: "Start with the part that matters most", focus: "the part that matters most" },
  { title: "Write down what success looks like", focus: "your definition of success" },
  { title: "Check where you stand before you change anything", focus: "your starting point" },
  { title: "Make one change at a time", focus: "each change" },
  { title: "Set a weekly time and keep it", focus: "your weekly slot" },
  { title: "Track one number that matters", focus: "your key number" },
  { title: "Ask someone who's done it before", focus: "the advice you collect" },
  { title: "Keep notes you can look back on", focus: "your notes" },
  { title: "Cut anything that doesn't help you {goal}", focus: "your to-do list" },
  { title: "Plan for the busy weeks", focus: "your backup plan" },
  { title: "Count the hidden costs", focus: "the hidden costs" },
  { title: "Keep it simple enough to repeat", focus: "your routine" },
  { title: "Review what happened after a month", focus: "the monthly review" },
  { title: "Borrow ideas, not whole plans", focus: "the ideas you borrow" },
  { title: "Use real photos, not stock images", focus: "your photos", business: true },
  { title: "Ask for reviews at the right moment", focus: "your review requests", business: true },
  { title: "Answer questions before people ask them", focus: "your answers to common questions", business: true },
  { title: "Write the way your customers talk", focus: "your wording", business: true },
];

const MISTAKE_IDEAS: { title: string; focus: string }[] = [
  { title: "Skipping the basics", focus: "the basics" },
  { title: "Changing everything at once", focus: "each change" },
  { title: "Not writing anything down", focus: "your notes" },
  { title: "Ignoring the numbers", focus: "your key number" },
  { title: "Copying someone else's plan", focus: "the ideas you borrow" },
  { title: "Giving up too early", focus: "your review date" },
  { title: "Underestimating the time it takes", focus: "your time estimate" },
  { title: "Forgetting the hidden costs", focus: "the hidden costs" },
  { title: "Not asking for help", focus: "the advice you collect" },
  { title: "Rushing the decision", focus: "the decision" },
  { title: "Leaving it to the last minute", focus: "your timeline" },
  { title: "Skipping the final check", focus: "the final check" },
];

function planFor(c: Composer, bodySections: number): SectionPlan[] {
  const b = c.brief;
  const r = c.rng;
  const S = b.subject;
  const W = b.audience?.short;
  const ctx = contextSections(c);
  const baseCount = Math.max(b.kind === "comparison" ? 3 : 1, bodySections - ctx.length);
  const toolish = !subjectInGoal(b) && !b.generic;
  let base: SectionPlan[];
  let ctxAt = 2;

  switch (b.kind) {
    case "howto": {
      const bank = STEP_BANK.filter((s) => !s.business || b.business);
      // Decide, then take stock, then set up; the middle steps vary by brief; tracking and fixing come last.
      const chosen = [...bank.slice(0, 3), ...shuffle(r, bank.slice(3, -3)), ...bank.slice(-3)];
      const small = baseCount < 4;
      const stepCount = Math.max(2, Math.min(chosen.length, small ? baseCount : baseCount - 3));
      const numbered: SectionPlan[] = chosen.slice(0, stepCount).map((s, i) => ({
        heading: `Step ${i + 1}: ${c.fill(s.title)}`,
        focus: s.focus,
        openers: s.openers,
      }));
      const why: SectionPlan = {
        heading: c.heading([
          toolish && W && `Why ${S.the} matter${S.plural ? "" : "s"} for ${W}`,
          toolish && W && `What ${S.the} can do for ${W}`,
          `What it takes to ${b.goal}`,
        ]),
        focus: "the first things people notice",
        openers: [
          toolish
            ? "For {who}, {the_subject} {is} often where the first impression forms."
            : "Most of the work to {goal} is unglamorous: a few decisions made early and a routine kept up.",
          "Small details carry a lot of weight here, so it pays to get them right early.",
        ],
      };
      const rest: SectionPlan[] = [
        {
          heading: c.heading([
            W && toolish && `Mistakes ${W} make with ${S.the}`,
            W && `Mistakes ${W} make`,
            `Common mistakes when you ${b.goal}`,
            "Common mistakes to avoid",
          ]),
          focus: "the usual mistakes",
          openers: ["Most of these are easy to fix once you spot them."],
          block: { type: "h3", items: shuffle(r, MISTAKES(b)) },
        },
        {
          heading: c.heading([
            toolish && `How to tell if ${S.the} ${S.plural ? "are" : "is"} working`,
            "How to tell if it's working",
          ]),
          focus: "your numbers",
          openers: [
            "Pick one number that shows whether you're starting to {goal}, and check it every {day}.",
            b.business
              ? "Calls, direction requests, website visits and sales all work; choose the one closest to money."
              : "Choose something you can count in a minute, such as time spent, money saved or tasks finished.",
          ],
        },
        {
          heading: "What you need before you start",
          focus: "the preparation",
          openers: ["Gather these first and the rest goes faster."],
          block: {
            type: "bullets",
            items: [
              toolish
                ? "Access to {the_subject}, with any login details stored somewhere safe."
                : "A clear hour in your calendar for the first pass.",
              "About {n} minutes of quiet time each week after that.",
              "A one-sentence note of what you want to change and why.",
              "A simple place to record results, such as a spreadsheet or a notebook.",
            ],
          },
        },
      ];
      base = small ? numbered : [why, ...numbered, ...rest];
      ctxAt = small ? 1 : 3;
      break;
    }
    case "listicle": {
      const n = Math.max(3, Math.min(12, b.count ?? Math.max(4, baseCount - 1)));
      const pool = /^(?:mistakes|errors|pitfalls)$/.test(b.itemNoun ?? "")
        ? MISTAKE_IDEAS
        : IDEAS.filter((i) => !i.business || b.business);
      const ideas = [...shuffle(r, pool)].filter((i) => headingProblems(c.fill(i.title)).length === 0);
      base = ideas.slice(0, n).map((idea, i) => ({
        heading: `${i + 1}. ${c.fill(idea.title)}`,
        focus: idea.focus,
        openers: [],
      }));
      if (baseCount > n)
        base.push({
          heading: "How to choose where to start",
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
      const [x, y] = b.options.length ? b.options : [S.text, "the alternatives"];
      const X = capitalize(x);
      base = [
        {
          heading: `${X} vs ${y} at a glance`,
          focus: "the side-by-side view",
          noFill: true,
          openers: [
            "Here's the short version before the detail. Prices and terms change often, so [verify: check each option's current pricing and terms] before you decide.",
          ],
          block: {
            type: "table",
            header: ["Question", capitalize(x.replace(ARTICLE, "")), capitalize(y.replace(ARTICLE, ""))],
            rows: [
              ["Upfront cost", "[verify]", "[verify]"],
              ["Ongoing cost", "[verify]", "[verify]"],
              ["Time to set up", "[verify]", "[verify]"],
              ["What to test first", "Your three most common tasks", "The same three tasks"],
            ],
          },
        },
        {
          heading: `Where ${x} is the better fit`,
          focus: `the case for ${x}`,
          openers: [
            `${X} suits you if its strengths match the work you do every week.`,
            "Write down the three things you'll do most, then check how each one works in practice.",
          ],
        },
        {
          heading: `Where ${y} is the better fit`,
          focus: `the case for ${y}`,
          openers: [
            `${capitalize(y)} makes sense when its strengths match the work you do every week, not the work you might do one day.`,
          ],
        },
        {
          heading: `What ${x} and ${y} really cost`,
          focus: "the real cost",
          openers: [
            "The sticker price is only part of it. Add running costs, fees and your own setup time. [verify: current costs for both]",
          ],
        },
        {
          heading: "Setup and day-to-day use",
          focus: "day-to-day use",
          openers: ["Most of your time goes into ordinary weekly tasks, so judge both options on those."],
        },
        {
          heading: W ? `Which should ${W} choose?` : "Which should you choose?",
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
      const what: SectionPlan = {
        heading: c.heading([
          b.angle === "how" && `How ${S.text} work${S.plural ? "" : "s"}, in plain terms`,
          (b.angle === "what" || b.angle === "none") &&
            !b.generic &&
            `What ${S.text} ${S.plural ? "are" : "is"}, in plain terms`,
          "The short answer",
        ]),
        focus: "your research",
        openers: [
          "Strip away the jargon and {the_subject} {is} easier to follow than {it} first seem{s}.",
          "Start with the problem {it} solve{s}, then look at the parts.",
        ],
      };
      const parts: SectionPlan = {
        heading: c.heading([
          b.angle === "what" && !b.generic && `How ${S.the} work${S.plural ? "" : "s"}`,
          b.angle === "how" && "The parts that matter",
          b.angle === "why" && "What's really going on",
          "The parts that matter",
        ]),
        focus: "your own figures",
        openers: [
          "Think of it as a few simple parts working together; once you can name the parts, the rest follows.",
          "Ask for the figures that apply to you [verify: current figures from an official or manufacturer source] rather than relying on averages.",
        ],
      };
      const forWho: SectionPlan = {
        heading: c.heading([W && `What this means for ${W}`, "What this means for you"]),
        focus: "your decision",
        openers: [
          "The practical question is whether this helps you {goal}.",
          "Here's how to tell, using your own situation.",
        ],
      };
      const secondary: SectionPlan | undefined = b.secondary
        ? {
            heading: b.secondary,
            focus: "the next move",
            openers: [
              "This is where the idea turns into something you can act on.",
              "Start small and check the result after {weeks} weeks.",
            ],
          }
        : undefined;
      const example: SectionPlan = {
        heading: "A worked example",
        focus: "the example",
        openers: [
          W
            ? "Picture one of the {who} you know, starting from nothing on a {day} morning."
            : "Picture someone starting from nothing on a {day} morning.",
          "They spend {n} minutes on the basics, then one short session a week after that. [verify: replace with a real example or figures you can source]",
        ],
      };
      const myths: SectionPlan = {
        heading: c.heading([!b.generic && `Common misunderstandings about ${S.the}`, "Common misunderstandings"]),
        focus: "the claims you hear",
        openers: [
          "A few myths keep coming up, and each one leads to a poor decision.",
          "Here's what to believe instead.",
        ],
      };
      const ask: SectionPlan = {
        heading: "Questions to ask before you decide",
        focus: "the questions worth asking",
        openers: ["A few questions will tell you more than any general guide."],
        block: {
          type: "bullets",
          items: [
            "What will this cost me over a year, not just this month? [verify: current prices]",
            "What happens if my situation changes?",
            "Who can I ask for a second opinion?",
            "What's the smallest step I can take to test it?",
          ],
        },
      };
      base = [what, parts, ...(secondary ? [secondary] : []), forWho, example, myths, ask];
      break;
    }
    case "caseStudy": {
      base = [
        {
          heading: "The starting point",
          focus: "the starting point",
          openers: [
            "This is a worked example, so replace the figures in brackets with your own before you publish.",
            W
              ? "The starting point: one of the {who}, with little time and [verify: starting figure] as its baseline."
              : "The starting point: little time, a small budget and [verify: starting figure] as the baseline.",
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
              "Week one: the basics were finished and checked.",
              "Week two: the first new routine started, and problems were fixed within a day.",
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
          heading: W ? `Lessons other ${W} can use` : "Lessons you can use",
          focus: "what transfers",
          openers: ["Most of this transfers directly, whatever your size."],
        },
      ];
      break;
    }
    case "faq": {
      const does = S.plural ? "do" : "does";
      const qs: [string | false | undefined, string, string[]][] = [
        [
          !b.generic && `What ${S.plural ? "are" : "is"} ${S.text}?`,
          "the basics",
          ["In short, {the_subject} {is} something you can use to {goal}."],
        ],
        [
          !b.generic &&
            (isActivity(S.bare)
              ? `Is ${S.text} worth the effort?`
              : W
                ? `Do ${W} really need ${S.text}?`
                : `Do you really need ${S.text}?`),
          "whether you need it",
          ["Not always. It depends on what you want to achieve and how much time you have."],
        ],
        [
          "How long does it take to see results?",
          "the timeline",
          ["Expect a few weeks before anything shows, and a few months for steady results."],
        ],
        [
          !b.generic && `How much ${does} ${S.the} cost?`,
          "the cost",
          ["Check the current pricing yourself [verify: current price], and count your own time as a cost too."],
        ],
        [
          W ? `What should ${W} do first?` : "What should you do first?",
          "the first step",
          ["Finish the basics, then pick one weekly habit."],
        ],
        [
          "What mistakes should you avoid?",
          "the usual mistakes",
          ["The common ones are changing too much at once and never checking the results."],
        ],
        [
          "How often should you review your approach?",
          "your reviews",
          ["Once a month is a good rhythm for most people."],
        ],
        [
          "Where can you get reliable advice?",
          "the advice you trust",
          ["Start with official guidance and people who've done it recently [verify: a current official source]."],
        ],
      ];
      base = qs
        .filter((q): q is [string, string, string[]] => typeof q[0] === "string")
        .map(([heading, focus, openers]) => ({ heading, focus, openers }));
      ctxAt = 3;
      break;
    }
    case "checklist": {
      base = [
        {
          heading: "Before you start",
          focus: "the preparation",
          openers: ["Set aside {n} minutes and gather what you'll need, so you don't stop halfway."],
        },
        {
          heading: c.heading([!b.generic && countWords(S.bare) <= 4 && `The ${S.bare} checklist`, "The checklist"]),
          focus: "the checklist",
          noFill: true,
          openers: ["Work through these in order, and tick each one off as you go."],
          block: {
            type: "numbered",
            items: [
              "Write down what a good result looks like, in one sentence.",
              "List what you already have and what's missing.",
              "Check the rules, prices or terms that apply to you. [verify: the current details for your area]",
              "Get a second opinion from someone who's done it recently.",
              "Put a date next to each task, not just a name.",
              "Keep copies of anything you sign or agree to.",
              "Note every cost, including the small ones.",
              "Plan a review {weeks} weeks after you finish.",
            ],
          },
        },
        {
          heading: "What people often miss",
          focus: "the easy-to-miss steps",
          openers: [
            b.generic
              ? "The steps people skip are usually the dull ones at the start and the check at the end."
              : "With {the_subject}, the steps people skip are usually the dull ones at the start and the check at the end.",
          ],
        },
        {
          heading: "After you've finished",
          focus: "the follow-up",
          openers: ["Don't file the checklist away yet.", "Keep it for next time, with a note of anything you'd add."],
        },
      ];
      break;
    }
    case "review": {
      base = [
        {
          heading: c.heading([!b.generic && `What ${S.the} ${S.plural ? "are" : "is"}`, "What you get"]),
          focus: "the basics",
          openers: ["Here's what you get, before any opinion. [verify: the current model, version and price]"],
        },
        {
          heading: "What works well",
          focus: "the strengths",
          openers: ["The strengths show up in ordinary, everyday use rather than in a feature list."],
        },
        {
          heading: "Where it falls short",
          focus: "the weaknesses",
          openers: ["No product suits everyone, and the gaps here are worth knowing before you buy."],
        },
        {
          heading: c.heading([W && `Is it right for ${W}?`, "Who it suits"]),
          focus: "the fit",
          openers: ["The short answer depends on how you'll use it week to week."],
        },
        {
          heading: "Price and value",
          focus: "the price",
          openers: [
            "Check the current price [verify: today's price from the seller] and compare it with what you'd actually use.",
          ],
        },
        {
          heading: "The verdict",
          focus: "the verdict",
          openers: ["If the strengths match how you work, it's worth a look; if not, keep your money."],
        },
      ];
      break;
    }
    default: {
      base = [
        {
          heading: c.heading([
            toolish && W && `What ${S.text} can do for ${W}`,
            !b.generic && `What to know before you ${b.goal}`,
            "Why it matters",
          ]),
          focus: "your requirements",
          openers: [
            "The practical question is what changes for you once {the_subject} {is} in place.",
            "Start there, and the rest of the decisions get easier.",
          ],
        },
        {
          heading: c.heading([
            !b.generic && !/^your /.test(S.the) && `Getting started with ${S.the}`,
            "Where to start",
          ]),
          focus: "the first steps",
          openers: ["Start with the parts you'll use every week, and leave the rest for later."],
        },
        {
          heading: c.heading([!b.generic && `Mistakes to avoid with ${S.the}`, "Mistakes to avoid"]),
          focus: "the usual mistakes",
          openers: [
            W ? "These are the ones that cost {who} the most time." : "These are the ones that cost the most time.",
          ],
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

  const extras = shuffle(r, extraSections(b)).filter((e) => headingProblems(e.heading).length === 0);
  while (base.length < baseCount && extras.length) base.push(extras.shift()!);
  base = base.slice(0, Math.max(baseCount, b.kind === "listicle" ? base.length : 0));
  const at = Math.min(ctxAt, base.length);
  return [...base.slice(0, at), ...ctx, ...base.slice(at)].map((p) => ({ ...p, heading: capitalize(p.heading) }));
}

/** The title clause before any colon, lower-cased for use inside a sentence ("how solar panels work"). */
function titleClause(b: Brief): string {
  const t = b.title.split(":")[0].replace(/\?$/, "");
  return /^(?:How|Why|What|When)\b/.test(t) ? t[0].toLowerCase() + t.slice(1) : "";
}

function introFirst(b: Brief): string {
  const clause = titleClause(b);
  switch (b.kind as Kind) {
    case "howto":
      return subjectInGoal(b) || b.generic
        ? "This guide walks you through how to {goal}, one step at a time, with the decisions that matter most first."
        : "If you want to {goal}, {the_subject} {is} one of the cheapest places to start, as long as you treat {them} as a habit rather than a one-off job.";
    case "listicle":
      return b.goalStated
        ? `Here are ${b.count ?? "some"} practical ways to {goal}, ordered so the quickest wins come first.`
        : `Here are ${b.count ?? "some"} practical ${b.itemNoun && /s$/.test(b.itemNoun) ? b.itemNoun : "tips"}${b.generic ? "" : " on {the_subject}"}, ordered so the quickest wins come first.`;
    case "comparison":
      return "Choosing between these options comes down to a few practical questions, and this post takes them one at a time.";
    case "explainer":
      if (clause && b.angle !== "what")
        return `If you've wondered ${clause}, the short version is simpler than it looks, and you can check each part yourself.`;
      return b.generic
        ? "This topic can sound technical, but the idea behind it is simple once you see it in use."
        : "{Subject} can sound technical, but the idea behind {it} is simple once you see {them} in use.";
    case "caseStudy":
      return clause
        ? `This case study walks through ${clause}, so you can see the work from the inside.`
        : "This case study walks through one project from start to finish, so you can see the work from the inside.";
    case "faq":
      return b.generic
        ? "These are the questions people ask most often, answered plainly."
        : "These are the questions people ask most often about {the_subject}, answered plainly.";
    case "checklist":
      return "Use this checklist to {goal} without missing the steps people usually skip.";
    case "review":
      return "This review looks at what {the_subject} {does} well, where {it} fall{s} short and who {it} suit{s}.";
    default:
      return "This guide shows how to {goal}, step by step and without jargon.";
  }
}

function writeIntro(c: Composer, budget: number): void {
  const b = c.brief;
  const start = c.words;
  const candidates = [
    introFirst(b),
    b.readers
      ? `This post is for ${b.readers}, so the advice assumes ${b.business ? "limited time and no marketing department" : "you're busy and starting from scratch"}.`
      : "The advice assumes you're busy and starting from scratch.",
    ...(b.outcome ? [`The aim: ${b.outcome}.`] : []),
    "By the end, you'll have a short plan you can start on {day} and a simple way to check whether it's paying off.",
    ...(b.items.length
      ? [
          `${capitalize(joinList(b.items))} get their own ${b.items.length > 1 ? "sections" : "section"}, because that's where many ${b.audience ? "{who}" : "people"} see the quickest results.`,
        ]
      : []),
    ...(b.keywords.length ? [`If you came here searching for ${b.keywords[0]}, the sections below cover it.`] : []),
    ...(b.date
      ? [
          "Written on {date}. Prices, rules and features change, so confirm anything that looks different before you act on it.",
        ]
      : []),
    "You won't need a big budget for most of it. Just a little time each week.",
  ];
  const sentences: string[] = [];
  candidates.forEach((t, i) => {
    const s = c.candidate(t, { does: b.subject.plural ? "do" : "does" });
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
  const heading = comparing
    ? c.heading([`How to decide between ${joinList(b.options)}`, "Your next step"])
    : c.heading([
        !b.generic &&
          !/^your /.test(b.subject.the) &&
          !/ing\b/.test(b.subject.bare) &&
          `Your next step with ${b.subject.the}`,
        "Where to start this week",
        "What to do first",
      ]);
  c.line(`## ${heading}`);
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
            `Here's your next step: spend {n} minutes comparing ${joinList(b.options)} on the three things you'll do most.`,
            "Write down where you got stuck, then decide by next {day}.",
            "If both feel fine, pick the cheaper one and set a review date.",
          ]
        : [
            "Don't try to do all of this at once.",
            "Here's your next step: set aside {n} minutes today for {focus}.",
            "Put a second session in your calendar for next {day}, and note the number you'll watch.",
            "Check it again in {weeks} weeks, then do more of whatever worked.",
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

  c.line(`# ${brief.title}`);
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
    let rewritten = plainSentence(f, true);
    // Nothing stock to swap out: restructure it instead, as the final rewrite does, so a flagged
    // sentence never comes back word for word.
    if (rewritten === f) rewritten = splitLong(reorderConditional(f), 16);
    if (rewritten === f) rewritten = varySentence(f);
    if (rewritten === f) continue;
    doc = replaceAllLoose(doc, f, rewritten);
  }
  return doc;
}

const upperFirst = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/**
 * Recasts a sentence that has nothing stock in it, keeping its meaning: a clause joined by ", so",
 * a colon or ", as long as" becomes its own sentence or a plainer link; "Don't" becomes "Try not to".
 */
export function varySentence(sentence: string): string {
  const s = sentence.trim();
  const end = /[.!?]$/.test(s) ? s.slice(-1) : ".";
  const body = /[.!?]$/.test(s) ? s.slice(0, -1) : s;
  let m = body.match(/^(.{12,}?), so (.{8,})$/);
  if (m) return `${m[1]}. So ${m[2]}${end}`;
  m = body.match(/^(.{8,}?): (.{8,})$/);
  if (m) return `${m[1]}. ${upperFirst(m[2])}${end}`;
  m = body.match(/^(.{12,}?), as long as (.{8,})$/);
  if (m) return `${m[1]}, but only if ${m[2]}${end}`;
  m = body.match(/^Don't (.{8,})$/);
  if (m) return `Try not to ${m[1]}${end}`;
  m = body.match(/^(.{20,}?), and (.{12,})$/);
  if (m) return `${m[1]}. And ${m[2]}${end}`;
  return sentence;
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

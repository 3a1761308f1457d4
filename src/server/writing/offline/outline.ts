// The sections of a draft for each kind of brief: the sections the kind always has, one section per
// thing the brief asks to cover, a "Mistakes to avoid" list, then the closing next step. Headings
// are in sentence case; {a} and {b} are the sides of a comparison, {who} the audience or "you".
import { capitalize } from "../../../shared/text";
import { ITEM_GENERIC, ITEM_TIPS, MISTAKES } from "./bank";
import type { Brief, Kind } from "./brief";

export interface Section {
  heading: string;
  /** The noun phrase the section's general sentences are about. */
  focus: string;
  /** Sentences written first, in order. */
  lead: readonly string[];
  bullets?: readonly string[];
  numbered?: boolean;
  /** False: no general advice after the lead and the list. */
  fill?: boolean;
}

const s = (heading: string, focus: string, lead: string[], bullets?: string[]): Section => ({
  heading,
  focus,
  lead,
  bullets,
});

const STEPS: Section[] = [
  s("Decide what a good result looks like", "your target", [
    "Before you change anything, write one sentence that says what a good result would look like in a month.",
    "Make it something you could check, not a feeling.",
  ]),
  s("Check where you stand today", "your baseline notes", [
    "Write down how things work today, so you have something to compare against later.",
    "Ten honest minutes here saves weeks of guessing.",
  ]),
  s("Set up the basics properly", "the basic setup", [
    "Get the basics in place before you try anything clever.",
    "Fill in every detail you can, even the ones that look optional; gaps cause problems later.",
  ]),
  s("Make one change at a time", "the first change", [
    "Pick the change you expect to matter most and make only that one this week.",
  ]),
  s("Track whether it's working", "your numbers", [
    "Decide which number shows whether it's working, and write today's figure down.",
    "Check it on the same day each week so the comparison stays fair.",
  ]),
  s("Fix what isn't working", "the weak spots", [
    "After a month, look at what moved and what didn't.",
    "Drop the tasks that took time without changing anything, and put more into the one that did.",
  ]),
];

const EXPLAINER: Section[] = [
  s("The short answer", "the basics", [
    "Here's the short version before the detail.",
    "Most of the confusion comes from advice written for someone else's situation.",
  ]),
  s("How it works in practice", "the day-to-day side", [
    "On paper it sounds simple. In practice the details decide whether it works for you.",
  ]),
  s("What it means for {who}", "your own numbers", [
    "Start from your own numbers, not the averages in articles like this one.",
  ]),
  s("Common misunderstandings", "the advice you follow", [
    "A few ideas come up again and again, and most of them are half true at best.",
  ]),
];

const COMPARISON: Section[] = [
  s("The short version", "the choice", ["Neither option is better in general; each fits a different situation."]),
  s("When {a} is the better choice", "your {a} setup", [
    "{A} suits you when you want to get going quickly with few decisions.",
  ]),
  s("When {b} is the better choice", "your {b} setup", [
    "{B} suits you when you need control over the details and have time to set it up.",
  ]),
  s("Costs side by side", "the costs", [
    "Compare what you'd pay over a year, not per month [verify: current prices for {a} and {b}].",
  ]),
  s("How to decide", "the decision", [
    "Write down the three things you can't do without, then test both options against that list.",
  ]),
];

const LIST: Section[] = [
  s("Start with the part that matters most", "the part that matters most", []),
  s("Write down what success looks like", "your definition of success", []),
  s("Make one change at a time", "each change", []),
  s("Set a weekly time and keep it", "your weekly slot", []),
  s("Track one number that matters", "your key number", []),
  s("Ask someone who's done it before", "the advice you collect", []),
  s("Keep notes you can check later", "your notes", []),
  s("Count the hidden costs", "the hidden costs", []),
];

const CHECKLIST: Section[] = [
  s(
    "Before you start",
    "the preparation",
    ["Get these in place first; each one saves a round of backtracking later."],
    [
      "Decide what a good result looks like, in one sentence.",
      "Put the dates that matter in your calendar.",
      "Gather the documents and logins you'll need in one folder.",
    ],
  ),
  s(
    "The checklist",
    "the checklist",
    ["Work through it in order and tick each line off."],
    [
      "Check where you stand today and write it down.",
      "Make the change that matters most first.",
      "Ask someone else to look over the result.",
      "Note what you'd do differently next time.",
    ],
  ),
  s("After you finish", "the follow-up", ["The work isn't done when the last box is ticked."]),
];

const POST: Section[] = [
  s("Why it's worth getting right", "the basics", ["Small improvements here add up over a year."]),
  s("Where to start", "the first step", ["Start where the effort is smallest and the effect is easiest to see."]),
];

/** Sections any kind can borrow once its own run out. */
const EXTRA: Section[] = [
  s(
    "A simple weekly routine",
    "your weekly routine",
    ["A routine turns this from a job you keep putting off into something that takes {n} minutes."],
    [
      "**Monday:** check what changed last week and note one number.",
      "**Wednesday:** do the one task that moves things forward most.",
      "**Friday:** fix one detail that's out of date.",
    ],
  ),
  s("When to get outside help", "outside help", [
    "Outside help makes sense when your own hour costs more than someone else's, or when you've stalled for a month.",
  ]),
  s("What to ignore for now", "the things that can wait", [
    "Not every option deserves your attention in the first month.",
  ]),
  s("How to keep it going after the first month", "the follow-through", [
    "Most plans fade in week five, when the novelty wears off.",
  ]),
  s(
    "Questions to ask before you start",
    "the questions worth asking",
    ["A few questions now save a lot of backtracking later."],
    [
      "What would a good result look like in three months?",
      "How much time can you give this each week, honestly?",
      "Who can you ask when you get stuck?",
    ],
  ),
];

const OWN: Record<Kind, Section[]> = {
  guide: STEPS,
  explainer: EXPLAINER,
  comparison: COMPARISON,
  list: LIST,
  checklist: CHECKLIST,
  post: POST,
};

function itemSection(item: string, pick: number): Section {
  const tips = ITEM_TIPS.find((t) => t.match.test(item))?.tips ?? ITEM_GENERIC;
  const headings = [`Getting ${item} right`, `${capitalize(item)}: what to know`, `What to do about ${item}`];
  const focus = /^(?:the|your|a|an)\s/i.test(item) ? item : `your ${item}`;
  return { heading: headings[pick % headings.length], focus, lead: tips.map((t) => t.replaceAll("{item}", item)) };
}

const mistakes = (count: number): Section => ({
  heading: "Mistakes to avoid",
  focus: "the usual mistakes",
  lead: ["Most mistakes here come from rushing, not from a lack of skill."],
  bullets: MISTAKES.slice(0, count),
  fill: false,
});

/** `count` body sections for the brief (intro and closing not included). */
export function outline(brief: Brief, count: number, seed: number): Section[] {
  const own = OWN[brief.kind];
  const items = brief.items.filter((i) => !/mistake|pitfall/i.test(i)).map((i, n) => itemSection(i, seed + n));
  const asked = brief.items.some((i) => /mistake|pitfall/i.test(i));
  const wantsMistakes = asked || (brief.kind !== "explainer" && brief.kind !== "comparison" && count >= 3);
  const room = count - (wantsMistakes ? 1 : 0);
  const chosen = [...own.slice(0, 1), ...items, ...own.slice(1), ...EXTRA].slice(0, Math.max(1, room));
  const numbered = chosen.map((section) => {
    const n = own.indexOf(section);
    if (n < 0 || (brief.kind !== "guide" && brief.kind !== "list")) return section;
    const position = chosen.filter((c) => own.includes(c)).indexOf(section) + 1;
    return {
      ...section,
      heading:
        brief.kind === "guide" ? `Step ${position}: ${lowerStart(section.heading)}` : `${position}. ${section.heading}`,
    };
  });
  return wantsMistakes ? [...numbered, mistakes(Math.min(MISTAKES.length, 2 + Math.floor(count / 3)))] : numbered;
}

const lowerStart = (h: string) => h[0].toLowerCase() + h.slice(1);

export const CLOSING: Section = {
  heading: "Your next step",
  focus: "the next step",
  lead: [
    "Don't try to do all of this at once.",
    "Give {first} {n} minutes on {day}; that's your next step.",
    "Check again in {weeks} weeks, then do more of whatever worked.",
  ],
  fill: false,
};

/** The opening paragraphs' templates for the kind of brief. */
export function introduction(brief: Brief): string[] {
  const opener: Record<Kind, string> = {
    guide: "This guide is about {topic}. It goes one step at a time, with the decisions that matter most first.",
    explainer: "This explainer covers {topic}. It uses plain words and skips the sales pitch.",
    comparison: brief.sides
      ? "Choosing between {a} and {b} is easier once you know what each one is good at."
      : "This comparison covers {topic}. The trade-offs are laid out side by side.",
    list: "Here are practical ideas on {topic}, in the order most people need them.",
    checklist: "This checklist covers {topic}, so nothing important gets missed.",
    post: "This post is about {topic}. It covers what to do first and what to skip.",
  };
  return [
    opener[brief.kind],
    ...(brief.audience ? ["It's written for {who}, so the advice assumes limited time and no specialist help."] : []),
    brief.purpose
      ? "The point of all this is simple: {purpose}."
      : "By the end, you'll have a short plan you can start on {day} and a simple way to check whether it's working.",
    ...(brief.items.length ? ["You'll find a section each on {items}."] : []),
  ];
}

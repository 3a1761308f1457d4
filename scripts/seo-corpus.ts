// Writes the SEO comparison corpus (src/server/seo/yoast-corpus/*.md): 32 posts of 600–1,500 words
// made from hand-written sentence patterns and six topics, each post a different case of issue 32
// (keyphrase used well, missing from intro or headings, stuffed, absent; long and short sentences;
// passive voice; long paragraphs; images and links or none; a table of contents; repeated sentence
// openings within and across paragraphs…). Deterministic: the same files every run.
// Run: npx tsx scripts/seo-corpus.ts   (the files are committed; the Yoast comparison test reads them)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

interface Topic {
  kp: string;
  /** Who the post talks to or about (plural). */
  who: string;
  things: string[];
  verbs: string[];
  adjs: string[];
  /** Past participles for passive sentences. */
  pps: string[];
  sections: string[];
  site: string;
}

const TOPICS: Record<string, Topic> = {
  bread: {
    kp: "sourdough bread",
    who: "home bakers",
    things: ["starter", "flour", "dough", "oven", "crust", "loaf", "recipe", "kitchen scale", "banneton", "crumb"],
    verbs: ["mix", "shape", "feed", "score", "weigh", "knead"],
    adjs: ["warm", "simple", "fresh", "steady", "light", "strong"],
    pps: ["made", "checked", "tested", "kept", "weighed", "mixed"],
    sections: [
      "Feeding the starter",
      "Choosing flour",
      "Shaping the dough",
      "Baking day",
      "Common mistakes",
      "Storing the loaf",
      "Tools worth buying",
    ],
    site: "https://www.kingarthurbaking.com/recipes",
  },
  compost: {
    kp: "home composting",
    who: "gardeners",
    things: [
      "bin",
      "pile",
      "kitchen scraps",
      "leaves",
      "soil",
      "worms",
      "lid",
      "garden fork",
      "grass clippings",
      "moisture",
    ],
    verbs: ["turn", "cover", "water", "sort", "empty", "check"],
    adjs: ["damp", "small", "dark", "quiet", "cheap", "rich"],
    pps: ["turned", "covered", "collected", "kept", "checked", "sorted"],
    sections: [
      "Picking a bin",
      "Greens and browns",
      "Turning the pile",
      "Fixing smells",
      "Using the compost",
      "Winter care",
      "Worm bins",
    ],
    site: "https://www.epa.gov/recycle/composting-home",
  },
  running: {
    kp: "trail running shoes",
    who: "runners",
    things: ["grip", "heel", "midsole", "laces", "upper", "toe box", "sock", "trail", "stride", "pace"],
    verbs: ["test", "lace", "clean", "rotate", "replace", "fit"],
    adjs: ["light", "firm", "wide", "soft", "muddy", "steep"],
    pps: ["tested", "worn", "cleaned", "replaced", "built", "made"],
    sections: [
      "Fit comes first",
      "Grip and lugs",
      "Cushion or feel",
      "Wet and rocky trails",
      "Caring for the pair",
      "When to replace them",
      "Budget picks",
    ],
    site: "https://www.runnersworld.com/gear",
  },
  email: {
    kp: "email marketing",
    who: "shop owners",
    things: [
      "list",
      "subject line",
      "newsletter",
      "offer",
      "welcome email",
      "open rate",
      "inbox",
      "sign-up form",
      "segment",
      "unsubscribe link",
    ],
    verbs: ["write", "send", "test", "clean", "plan", "track"],
    adjs: ["short", "clear", "honest", "weekly", "useful", "personal"],
    pps: ["sent", "written", "opened", "tested", "read", "planned"],
    sections: [
      "Building the list",
      "The welcome series",
      "Writing subject lines",
      "How often to send",
      "Measuring results",
      "Staying out of spam",
      "Tools for small shops",
    ],
    site: "https://mailchimp.com/resources",
  },
  plants: {
    kp: "indoor plants",
    who: "plant owners",
    things: [
      "pot",
      "window",
      "watering can",
      "leaf",
      "root",
      "soil mix",
      "drainage hole",
      "humidity",
      "fertiliser",
      "shelf",
    ],
    verbs: ["water", "repot", "move", "dust", "feed", "trim"],
    adjs: ["bright", "dry", "green", "tall", "shady", "healthy"],
    pps: ["watered", "moved", "repotted", "kept", "grown", "placed"],
    sections: [
      "Light matters most",
      "Watering without guessing",
      "Soil and pots",
      "Feeding in spring",
      "Pests and fixes",
      "Easy plants for beginners",
      "Holiday care",
    ],
    site: "https://www.rhs.org.uk/plants",
  },
  travel: {
    kp: "budget travel",
    who: "travellers",
    things: [
      "train pass",
      "hostel",
      "backpack",
      "map",
      "ticket",
      "market",
      "bus",
      "city card",
      "guesthouse",
      "street food",
    ],
    verbs: ["book", "pack", "compare", "walk", "plan", "save"],
    adjs: ["cheap", "quiet", "early", "local", "slow", "small"],
    pps: ["booked", "packed", "planned", "found", "sold", "taken"],
    sections: [
      "Planning the route",
      "Where to sleep",
      "Eating well for less",
      "Getting around",
      "Free things to do",
      "Packing light",
      "Money on the road",
    ],
    site: "https://www.lonelyplanet.com/articles",
  },
};

// A small seeded generator: the same corpus every run.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Kind = "plain" | "transition" | "passive" | "long" | "kp";

const PLAIN = [
  "Most {who} {v} the {t1} every day.",
  "A good {t1} needs a {a} {t2}.",
  "Keep the {t1} close to the {t2}.",
  "Try a {a} {t1} this week.",
  "Your {t1} matters more than your {t2}.",
  "Small changes to the {t1} add up.",
  "Write down what you notice about the {t1}.",
  "Many {who} forget the {t2}.",
  "Check the {t1} twice a week.",
  "A {a} {t2} costs less than you think.",
  "The {t1} tells you a lot about the {t2}.",
  "Give the {t1} a few minutes of your time.",
  "Nobody gets the {t1} right on day one.",
  "Pick one {t2} and stick with it for a month.",
  "Ask other {who} what works for their {t1}.",
  "Look at the {t1} with fresh eyes.",
  "Few {who} regret a {a} {t2}.",
  "Start small with the {t1}.",
];
const TRANSITION = [
  "However, the {t1} still needs care.",
  "For example, a {a} {t1} helps a lot.",
  "So the {t1} stays {a} for longer.",
  "When the {t1} looks ready, {v} the {t2}.",
  "If the {t1} seems dry, add a little more {t2}.",
  "Before you {v} the {t1}, check the {t2}.",
  "At first, the {t1} may seem hard to judge.",
  "Whether you use a {t1} or a {t2}, keep notes.",
  "Not only the {t1} but also the {t2} counts.",
  "Therefore, start with the {t1}.",
  "As a result, the {t2} improves quickly.",
  "In addition, {v} the {t1} often.",
  "Because the {t1} changes with the seasons, watch it closely.",
  "Finally, clean the {t2} and put it away.",
  "On the other hand, a {a} {t2} forgives mistakes.",
  "Then {v} the {t2} one more time.",
];
const PASSIVE = [
  "The {t1} is {pp} by most {who}.",
  "Each {t1} was {pp} with care.",
  "A {a} {t2} is {pp} in many homes.",
  "The {t2} was {pp} far too early last year.",
  "Every {t1} should be {pp} twice.",
  "The best {t2} is usually {pp} by hand.",
];
const LONG = [
  "Most {who} who {v} the {t1} each morning find that the {t2} and the {t3} stay in much better shape over the whole year, and their friends notice the difference quickly.",
  "A {a} {t1}, a clean {t2} and a little patience with the {t3} will give you results that many {who} spend years and a lot of money trying to reach on their own.",
  "It is worth spending an extra ten minutes with the {t1} on a quiet evening, since the {t2} you get from that small habit lasts for weeks and saves you a great deal of work later.",
  "People who keep a simple notebook about the {t1}, the {t2} and the weather usually spot patterns within a month that nobody in a shop or a forum could ever have told them about.",
  "The difference between a {a} {t1} and a poor one often comes down to a handful of small choices about the {t2} that take almost no time once they become part of your weekly routine.",
];
const KP = [
  "{KP} is easier than it looks.",
  "Many {who} ask about {kp}.",
  "Good {kp} starts with the {t1}.",
  "This guide covers {kp} one step at a time.",
  "{KP} rewards patience.",
  "The best {kp} advice fits on one page.",
  "A {a} {t1} makes {kp} simpler.",
  "Think of {kp} as a habit.",
  "Your {t2} shapes how {kp} works for you.",
  "{KP} does not need expensive gear.",
];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface Spec {
  name: string;
  topic: keyof typeof TOPICS;
  /** Target words of body prose. */
  words: number;
  sections: number;
  /** Share of sentences of each kind (the rest plain). */
  transition: number;
  passive: number;
  long: number;
  /** Keyphrase sentences in the body (after the intro). */
  kpCount: number;
  kpIntro: boolean;
  /** Indices of the H2s that carry the keyphrase. */
  kpHeadings: number[];
  /** Sentences per paragraph. */
  perParagraph: number;
  title: string;
  images?: { alt: string }[];
  imageUrls?: number;
  internal?: number;
  outbound?: number;
  /** "within": three sentences in a row starting with the same word, in one paragraph; "across": over a paragraph break. */
  repeats?: "within" | "across";
  h3?: boolean;
  extraH1?: boolean;
  noHeadings?: boolean;
  keyphrase?: string;
  list?: boolean;
  table?: boolean;
  seed: number;
}

function fill(tpl: string, t: Topic, r: () => number, kp: string): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)] as T;
  const things = [...t.things].sort(() => r() - 0.5);
  return tpl
    .replace(/\{KP\}/g, cap(kp))
    .replace(/\{kp\}/g, kp)
    .replace(/\{who\}/g, t.who)
    .replace(/\{t1\}/g, things[0] as string)
    .replace(/\{t2\}/g, things[1] as string)
    .replace(/\{t3\}/g, things[2] as string)
    .replace(/\{v\}/g, pick(t.verbs))
    .replace(/\{a\}/g, pick(t.adjs))
    .replace(/\{pp\}/g, pick(t.pps))
    .replace(/^(\p{Ll})/u, (m) => m.toUpperCase());
}

function build(spec: Spec): string {
  const t = TOPICS[spec.topic] as Topic;
  const kp = spec.keyphrase ?? t.kp;
  const r = rng(spec.seed);
  const kinds: Kind[] = [];
  // Sentences needed: about 12 words a sentence on average.
  const lengths = { plain: 8, transition: 9, passive: 8, long: 33, kp: 7 };
  let words = 0;
  const avoidKp = (s: string) => !s.toLowerCase().includes(kp.toLowerCase());
  const used = new Map<string, number>();
  const sentence = (kind: Kind): string => {
    const bank = { plain: PLAIN, transition: TRANSITION, passive: PASSIVE, long: LONG, kp: KP }[kind];
    for (let tries = 0; ; tries++) {
      const tpl = bank[Math.floor(r() * bank.length)] as string;
      const s = fill(tpl, t, r, kp);
      const n = used.get(s) ?? 0;
      if ((kind === "kp" || avoidKp(s)) && (n === 0 || tries > 20)) {
        used.set(s, n + 1);
        return s;
      }
    }
  };
  while (words < spec.words) {
    const x = r();
    const k: Kind =
      x < spec.transition
        ? "transition"
        : x < spec.transition + spec.passive
          ? "passive"
          : x < spec.transition + spec.passive + spec.long
            ? "long"
            : "plain";
    kinds.push(k);
    words += lengths[k];
  }
  // Keyphrase sentences spread evenly through the body.
  const body = kinds.map((k) => sentence(k));
  for (let i = 0; i < spec.kpCount; i++) {
    const at = Math.min(body.length, Math.floor(((i + 0.5) * body.length) / spec.kpCount) + 1);
    body.splice(at, 0, sentence("kp"));
  }
  const introN = 3;
  const intro = body.splice(0, introN);
  if (spec.kpIntro) intro.splice(1, 0, sentence("kp"));
  const out: string[] = [`# ${spec.title}`, ""];
  if (spec.extraH1) out.push("# A second top-level heading", "");
  out.push(intro.join(" "), "");
  const imgs = [...(spec.images ?? [])];
  if (imgs.length) {
    const img = imgs.shift() as { alt: string };
    out.push(`![${img.alt}](https://cdn.example.com/${spec.name}-0.jpg)`, "");
  }
  const sections = spec.noHeadings ? 1 : spec.sections;
  const per = Math.ceil(body.length / sections);
  const names = [...t.sections].sort(() => r() - 0.5);
  let internal = spec.internal ?? 0;
  let outbound = spec.outbound ?? 0;
  for (let s = 0; s < sections; s++) {
    const part = body.slice(s * per, (s + 1) * per);
    if (!spec.noHeadings) {
      const name = names[s % names.length] as string;
      out.push(`## ${spec.kpHeadings.includes(s) ? `${name}: ${kp}` : name}`, "");
    }
    if (spec.repeats && s === 1) {
      const w = t.who.split(" ").slice(-1)[0] as string;
      const rep = [
        `${cap(w)} often rush the ${t.things[0]}.`,
        `${cap(w)} rarely measure the ${t.things[1]}.`,
        `${cap(w)} seldom clean the ${t.things[2]}.`,
      ];
      if (spec.repeats === "within") part.splice(1, 0, ...rep);
      else {
        // two at the end of one paragraph, one opening the next: Yoast counts runs within a paragraph only
        out.push([...part.splice(0, 3), rep[0], rep[1]].join(" "), "");
        part.unshift(rep[2] as string);
      }
    }
    for (let i = 0; i < part.length; i += spec.perParagraph) {
      let p = part.slice(i, i + spec.perParagraph).join(" ");
      if (internal > 0 && i === 0) {
        p += ` Read our [${t.sections[s % t.sections.length]?.toLowerCase()} checklist](/guides/${spec.topic}-${s}).`;
        internal--;
      }
      if (outbound > 0 && i > 0) {
        p += ` [This overview](${t.site}) goes further.`;
        outbound--;
      }
      out.push(p, "");
    }
    if (spec.h3 && s % 2 === 0 && part.length > 4) {
      out.push(
        `### A closer look at the ${t.things[s % t.things.length]}`,
        "",
        fill(PLAIN[s % PLAIN.length] as string, t, r, kp),
        "",
      );
    }
    if (spec.list && s === 0)
      out.push(
        `- ${cap(t.things[0] as string)} first`,
        `- ${cap(t.things[1] as string)} second`,
        `- ${cap(t.things[2] as string)} last`,
        "",
      );
    if (spec.table && s === 1)
      out.push(`| Item | Weekly minutes |`, `|---|---|`, `| ${t.things[0]} | 10 |`, `| ${t.things[1]} | 5 |`, "");
    if (imgs.length && s < sections - 1) {
      const img = imgs.shift() as { alt: string };
      out.push(`![${img.alt}](https://cdn.example.com/${spec.name}-${s + 1}.jpg)`, "");
    }
  }
  return out.join("\n");
}

const base = { transition: 0.35, passive: 0.05, long: 0.1, perParagraph: 5, sections: 5, kpIntro: true, seed: 1 };
const T = (k: keyof typeof TOPICS) => TOPICS[k] as Topic;
const cases: Spec[] = [
  // keyphrase used well, images and links
  {
    ...base,
    name: "well-bread",
    topic: "bread",
    words: 800,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Sourdough bread at home: a calm beginner's guide",
    images: [{ alt: "A sourdough bread loaf on a board" }, { alt: "Flour on a table" }],
    internal: 1,
    outbound: 1,
    seed: 11,
  },
  {
    ...base,
    name: "well-compost",
    topic: "compost",
    words: 1000,
    kpCount: 7,
    kpHeadings: [1, 3],
    title: "Home composting for small gardens",
    images: [{ alt: "Home composting bin in a garden" }],
    internal: 2,
    outbound: 1,
    seed: 12,
  },
  {
    ...base,
    name: "well-running-toc",
    topic: "running",
    words: 1330,
    sections: 7,
    kpCount: 9,
    kpHeadings: [0, 3, 5],
    title: "Trail running shoes: how to choose a pair that lasts",
    images: [{ alt: "Trail running shoes on a rocky path" }, { alt: "A muddy trail" }, { alt: "Laces" }],
    internal: 1,
    outbound: 2,
    h3: true,
    seed: 13,
  },
  {
    ...base,
    name: "well-email-list",
    topic: "email",
    words: 900,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Email marketing for small shops that hate spam",
    images: [{ alt: "Email marketing dashboard" }],
    internal: 1,
    outbound: 1,
    list: true,
    table: true,
    seed: 14,
  },
  {
    ...base,
    name: "well-plants",
    topic: "plants",
    words: 700,
    sections: 4,
    kpCount: 5,
    kpHeadings: [1],
    title: "Indoor plants that survive a busy week",
    images: [{ alt: "Indoor plants on a shelf" }],
    internal: 1,
    outbound: 1,
    seed: 15,
  },
  {
    ...base,
    name: "well-travel-toc",
    topic: "travel",
    words: 1300,
    sections: 6,
    kpCount: 8,
    kpHeadings: [0, 2, 4],
    title: "Budget travel in Portugal without the stress",
    images: [{ alt: "Budget travel by train in Portugal" }, { alt: "A market stall" }],
    internal: 2,
    outbound: 2,
    seed: 16,
  },
  // keyphrase missing from the intro
  {
    ...base,
    name: "no-intro-bread",
    topic: "bread",
    words: 750,
    kpCount: 5,
    kpIntro: false,
    kpHeadings: [1, 3],
    title: "Sourdough bread mistakes to stop making",
    images: [{ alt: "A flat loaf" }],
    internal: 1,
    outbound: 1,
    seed: 21,
  },
  {
    ...base,
    name: "no-intro-plants",
    topic: "plants",
    words: 1100,
    kpCount: 7,
    kpIntro: false,
    kpHeadings: [2],
    title: "Indoor plants for dark flats",
    internal: 1,
    outbound: 1,
    seed: 22,
  },
  // keyphrase missing from the headings
  {
    ...base,
    name: "no-headings-kp-email",
    topic: "email",
    words: 850,
    kpCount: 6,
    kpHeadings: [],
    title: "Email marketing in ten minutes a week",
    images: [{ alt: "A laptop" }],
    internal: 1,
    outbound: 1,
    seed: 23,
  },
  {
    ...base,
    name: "no-headings-kp-travel",
    topic: "travel",
    words: 1000,
    kpCount: 6,
    kpHeadings: [],
    title: "Budget travel by train and bus",
    images: [{ alt: "A bus station" }],
    internal: 1,
    outbound: 1,
    seed: 24,
  },
  // keyphrase in one of six headings, or in all of them
  {
    ...base,
    name: "one-of-six-headings",
    topic: "compost",
    words: 1200,
    sections: 6,
    kpCount: 8,
    kpHeadings: [0],
    title: "Home composting through the year",
    images: [{ alt: "A compost heap" }],
    internal: 1,
    outbound: 1,
    seed: 25,
  },
  {
    ...base,
    name: "all-headings",
    topic: "running",
    words: 900,
    sections: 4,
    kpCount: 6,
    kpHeadings: [0, 1, 2, 3],
    title: "Trail running shoes for wet winters",
    images: [{ alt: "Wet trail running shoes" }],
    internal: 1,
    outbound: 1,
    seed: 26,
  },
  // stuffed
  {
    ...base,
    name: "stuffed-bread",
    topic: "bread",
    words: 700,
    kpCount: 40,
    kpHeadings: [0, 1, 2, 3, 4],
    title: "Sourdough bread sourdough bread tips",
    images: [{ alt: "Sourdough bread" }],
    internal: 1,
    outbound: 1,
    seed: 31,
  },
  {
    ...base,
    name: "stuffed-email",
    topic: "email",
    words: 900,
    kpCount: 24,
    kpHeadings: [0, 2],
    title: "Email marketing that converts",
    images: [{ alt: "Email marketing" }],
    internal: 1,
    outbound: 1,
    seed: 32,
  },
  {
    ...base,
    name: "slightly-over-plants",
    topic: "plants",
    words: 800,
    kpCount: 14,
    kpHeadings: [0, 2],
    title: "Indoor plants: the easy ones",
    images: [{ alt: "Indoor plants" }],
    internal: 1,
    outbound: 1,
    seed: 33,
  },
  // keyphrase absent from the text
  {
    ...base,
    name: "absent-compost",
    topic: "compost",
    words: 800,
    kpCount: 0,
    kpIntro: false,
    kpHeadings: [],
    title: "Turning kitchen scraps into soil",
    images: [{ alt: "Scraps" }],
    internal: 1,
    outbound: 1,
    seed: 41,
  },
  {
    ...base,
    name: "absent-running",
    topic: "running",
    words: 1100,
    kpCount: 0,
    kpIntro: false,
    kpHeadings: [],
    title: "What to wear on muddy hills",
    internal: 1,
    outbound: 1,
    seed: 42,
  },
  // too few uses of the keyphrase (present but under the minimum)
  {
    ...base,
    name: "underused-travel",
    topic: "travel",
    words: 1300,
    sections: 6,
    kpCount: 2,
    kpHeadings: [0, 3],
    title: "Budget travel: a month in Portugal",
    images: [{ alt: "Lisbon" }],
    internal: 1,
    outbound: 1,
    seed: 43,
  },
  // long sentences; short sentences; passive voice
  {
    ...base,
    name: "long-sentences",
    topic: "bread",
    words: 1000,
    long: 0.45,
    transition: 0.3,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Sourdough bread and the long slow rise",
    images: [{ alt: "Dough" }],
    internal: 1,
    outbound: 1,
    seed: 51,
  },
  {
    ...base,
    name: "some-long-sentences",
    topic: "compost",
    words: 900,
    long: 0.22,
    kpCount: 6,
    kpHeadings: [1, 3],
    title: "Home composting with worms",
    images: [{ alt: "Worms" }],
    internal: 1,
    outbound: 1,
    seed: 52,
  },
  {
    ...base,
    name: "short-sentences",
    topic: "plants",
    words: 650,
    long: 0,
    kpCount: 5,
    kpHeadings: [0, 2],
    title: "Indoor plants in five minutes a day",
    images: [{ alt: "Pots" }],
    internal: 1,
    outbound: 1,
    seed: 53,
  },
  {
    ...base,
    name: "passive-heavy",
    topic: "email",
    words: 900,
    passive: 0.3,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Email marketing reports explained",
    images: [{ alt: "Charts" }],
    internal: 1,
    outbound: 1,
    seed: 54,
  },
  {
    ...base,
    name: "passive-some",
    topic: "travel",
    words: 800,
    passive: 0.13,
    kpCount: 5,
    kpHeadings: [1, 3],
    title: "Budget travel booking habits",
    images: [{ alt: "Tickets" }],
    internal: 1,
    outbound: 1,
    seed: 55,
  },
  // transition words: few, some
  {
    ...base,
    name: "few-transitions",
    topic: "running",
    words: 900,
    transition: 0.08,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Trail running shoes under 100 euros",
    images: [{ alt: "Shoes" }],
    internal: 1,
    outbound: 1,
    seed: 61,
  },
  {
    ...base,
    name: "some-transitions",
    topic: "compost",
    words: 800,
    transition: 0.22,
    kpCount: 5,
    kpHeadings: [0, 3],
    title: "Home composting in a flat",
    images: [{ alt: "A small bin" }],
    internal: 1,
    outbound: 1,
    seed: 62,
  },
  // long paragraphs; a long section; no subheadings
  {
    ...base,
    name: "long-paragraphs",
    topic: "plants",
    words: 1000,
    perParagraph: 22,
    sections: 3,
    kpCount: 6,
    kpHeadings: [0],
    title: "Indoor plants: one long read",
    images: [{ alt: "Leaves" }],
    internal: 1,
    outbound: 1,
    seed: 71,
  },
  {
    ...base,
    name: "long-sections",
    topic: "travel",
    words: 1200,
    sections: 3,
    kpCount: 7,
    kpHeadings: [0],
    title: "Budget travel in three long chapters",
    images: [{ alt: "A map" }],
    internal: 1,
    outbound: 1,
    seed: 72,
  },
  {
    ...base,
    name: "no-subheadings",
    topic: "bread",
    words: 650,
    noHeadings: true,
    kpCount: 5,
    kpHeadings: [],
    title: "Sourdough bread, one page",
    images: [{ alt: "Bread" }],
    internal: 1,
    outbound: 1,
    seed: 73,
  },
  // no images / no links / neither
  {
    ...base,
    name: "no-images",
    topic: "email",
    words: 800,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Email marketing without a designer",
    internal: 1,
    outbound: 1,
    seed: 81,
  },
  {
    ...base,
    name: "no-links",
    topic: "running",
    words: 800,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Trail running shoes: a short guide",
    images: [{ alt: "Trail running shoes" }],
    seed: 82,
  },
  {
    ...base,
    name: "no-images-no-links",
    topic: "compost",
    words: 700,
    kpCount: 5,
    kpHeadings: [0, 2],
    title: "Home composting basics",
    seed: 83,
  },
  {
    ...base,
    name: "outbound-only",
    topic: "plants",
    words: 750,
    kpCount: 5,
    kpHeadings: [1, 3],
    title: "Indoor plants and their light",
    images: [{ alt: "Window" }],
    outbound: 2,
    seed: 84,
  },
  // keyphrase in the title but not at its start; not in the title; a long keyphrase
  {
    ...base,
    name: "title-kp-late",
    topic: "travel",
    words: 900,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Portugal on a shoestring: budget travel tips",
    images: [{ alt: "Porto" }],
    internal: 1,
    outbound: 1,
    seed: 91,
  },
  {
    ...base,
    name: "title-no-kp",
    topic: "bread",
    words: 900,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Weekend baking for beginners",
    images: [{ alt: "A loaf of sourdough bread" }],
    internal: 1,
    outbound: 1,
    seed: 92,
  },
  {
    ...base,
    name: "long-keyphrase",
    topic: "running",
    words: 900,
    kpCount: 4,
    kpHeadings: [1],
    keyphrase: "best waterproof trail running shoes for winter",
    title: "Best waterproof trail running shoes for winter",
    images: [{ alt: "Shoes in snow" }],
    internal: 1,
    outbound: 1,
    seed: 93,
  },
  // repeated sentence openings within a paragraph, and across a paragraph break only
  {
    ...base,
    name: "repeats-within",
    topic: "plants",
    words: 850,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Indoor plants: habits that help",
    images: [{ alt: "Plant care" }],
    internal: 1,
    outbound: 1,
    repeats: "within",
    seed: 101,
  },
  {
    ...base,
    name: "repeats-across",
    topic: "email",
    words: 850,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Email marketing habits of good shops",
    images: [{ alt: "An inbox" }],
    internal: 1,
    outbound: 1,
    repeats: "across",
    seed: 102,
  },
  // a second H1 in the draft; image URLs from the request; the keyphrase in every image's alt
  {
    ...base,
    name: "extra-h1",
    topic: "travel",
    words: 800,
    kpCount: 6,
    kpHeadings: [0, 2],
    title: "Budget travel with kids",
    extraH1: true,
    internal: 1,
    outbound: 1,
    imageUrls: 2,
    seed: 111,
  },
  {
    ...base,
    name: "alt-everywhere",
    topic: "bread",
    words: 1000,
    kpCount: 7,
    kpHeadings: [0, 3],
    title: "Sourdough bread photos and notes",
    images: [
      { alt: "Sourdough bread crumb" },
      { alt: "Sourdough bread crust" },
      { alt: "Sourdough bread slices" },
      { alt: "Sourdough bread in the oven" },
      { alt: "Sourdough bread cooling" },
    ],
    internal: 1,
    outbound: 1,
    seed: 112,
  },
];

const dir = join(import.meta.dirname, "../src/server/seo/yoast-corpus");
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(dir)) if (f.endsWith(".md")) rmSync(join(dir, f));
cases.forEach((c, i) => {
  const md = build(c);
  const kp = c.keyphrase ?? T(c.topic).kp;
  const head = [`<!--`, `keyphrase: ${kp}`, ...(c.imageUrls ? [`images: ${c.imageUrls}`] : []), `-->`, ""].join("\n");
  writeFileSync(join(dir, `${String(i + 1).padStart(2, "0")}-${c.name}.md`), `${head}${md}`);
});
console.log(`${cases.length} posts written to ${dir}`);

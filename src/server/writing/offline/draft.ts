// Writes a sample draft from a brief: the title, an introduction, the outline's sections filled to
// the word budget from the sentence bank, a few planted habits (./habits.ts), and a next step.
// Deterministic: the same request gives the same draft, byte for byte.

import { blockSentences, capitalize, countWords } from "../../../shared/text";
import type { DraftRequest } from "../prose";
import { createRng, hashString, joinList, pick, shuffle } from "../text";
import { FRAGMENTS, GENERAL } from "./bank";
import { type Brief, readBrief } from "./brief";
import { fixArticles } from "./grammar";
import { HABITS } from "./habits";
import { CLOSING, introduction, outline, type Section } from "./outline";

const NUMBERS = ["10", "15", "20", "30"];
const WEEKS = ["two", "three", "four", "six"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const CLOSING_WORDS = 40;

const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Writes lines of markdown and keeps count of the words and of every sentence used. */
class Pen {
  readonly lines: string[] = [];
  words = 0;
  private readonly used = new Set<string>();
  private paragraph: string[] = [];
  private breakAt = 3;

  constructor(
    private readonly brief: Brief,
    private readonly rng: () => number,
    private readonly first: string,
  ) {}

  /** The template filled in, or null when it needs an audience the brief doesn't name. */
  fill(template: string, focus = "", heading = false): string | null {
    if (!heading && /\{who\}/i.test(template) && !this.brief.audience) return null;
    const b = this.brief;
    const slots: Record<string, string> = {
      topic: b.topic,
      who: b.audience || "you",
      purpose: b.purpose,
      items: joinList(b.items),
      a: b.sides?.[0] ?? "the first option",
      b: b.sides?.[1] ?? "the second option",
      first: this.first,
      n: pick(this.rng, NUMBERS),
      weeks: pick(this.rng, WEEKS),
      day: pick(this.rng, DAYS),
    };
    const text = template
      .replace(/\{(f)ocus\}/gi, (_, f: string) => (f === "F" ? capitalize(focus) : focus))
      .replace(/\{(\w+)\}/g, (whole, name: string) => {
        const value = slots[name.toLowerCase()];
        if (value === undefined) return whole;
        return /^[A-Z]/.test(name) ? capitalize(value) : value;
      });
    return capitalize(fixArticles(text));
  }

  /** Adds the filled template to the paragraph unless one of its sentences was already used. */
  say(template: string, focus: string, fragments = true): boolean {
    const text = this.fill(template, focus);
    if (!text || blockSentences(text).some((s) => this.used.has(key(s)))) return false;
    for (const s of blockSentences(text)) this.used.add(key(s));
    this.paragraph.push(text);
    this.words += countWords(text);
    if (fragments && countWords(text) > 20 && this.rng() < 0.25) this.fragment();
    if (this.paragraph.length >= this.breakAt) this.endParagraph();
    return true;
  }

  private fragment() {
    const fragment = FRAGMENTS.find((f) => !this.used.has(key(f)));
    if (!fragment) return;
    this.used.add(key(fragment));
    this.paragraph.push(fragment);
    this.words += countWords(fragment);
  }

  endParagraph() {
    if (this.paragraph.length) this.line(this.paragraph.join(" "));
    this.paragraph = [];
    this.breakAt = 2 + Math.floor(this.rng() * 3);
  }

  line(text: string) {
    this.lines.push(text, "");
  }

  heading(text: string) {
    this.endParagraph();
    this.line(text);
    this.words += countWords(text);
  }

  list(items: readonly string[], numbered: boolean) {
    this.endParagraph();
    const filled = items.map((t, i) => `${numbered ? `${i + 1}.` : "-"} ${this.fill(t, "", true)}`);
    this.lines.push(...filled, "");
    this.words += countWords(filled.join(" "));
  }

  /** A section: heading, lead, list, the planted habit, then general advice until the budget is spent. */
  section(section: Section, budget: number, habit?: string) {
    const start = this.words;
    this.heading(`## ${this.fill(section.heading, "", true)}`);
    for (const t of section.lead) this.say(t, section.focus);
    if (section.bullets && budget >= 80) this.list(section.bullets, section.numbered ?? false);
    if (habit) {
      this.endParagraph();
      this.say(habit, section.focus);
    }
    if (section.fill === false) return this.endParagraph();
    for (const t of shuffle(this.rng, GENERAL)) {
      if (this.words - start >= budget) break;
      this.say(t, section.focus);
    }
    this.endParagraph();
  }
}

/** How many habits a draft of `words` words carries: a few, never most of it. */
export const plantCount = (words: number) => Math.max(2, Math.min(6, Math.round(words / 220)));

export function writeOfflineDraft(req: DraftRequest): string {
  const brief = readBrief(req);
  const seed = hashString([req.contentType, req.targetAudience, req.additionalContext, req.wordCount].join("\n"));
  const rng = createRng(seed);
  const sections = outline(brief, Math.max(2, Math.min(12, Math.round((brief.words - 150) / 160))), seed);
  const pen = new Pen(brief, rng, sections[0].focus);
  pen.heading(`# ${brief.title}`);
  const intro = introduction(brief);
  for (const [i, t] of intro.entries()) {
    pen.say(t, "", false);
    if (i === 1) pen.endParagraph();
  }
  const prose = sections.filter((s) => s.fill !== false);
  const habits = shuffle(rng, HABITS).slice(0, Math.min(prose.length, plantCount(brief.words)));
  const hosts = habits.map((_, n) => prose[Math.floor(((n + 0.5) * prose.length) / habits.length)]);
  const budget = (brief.words - pen.words - CLOSING_WORDS) / sections.length;
  for (const section of sections) pen.section(section, budget, habits[hosts.indexOf(section)]);
  pen.section(CLOSING, 0);
  return `${pen.lines.join("\n").trim()}\n`;
}

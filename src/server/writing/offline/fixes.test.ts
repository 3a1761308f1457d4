import { describe, expect, it } from "vitest";
import { STOCK_PHRASES } from "../prose";
import {
  addContractions,
  cutSignificanceTail,
  dropChatbotLeftovers,
  dropConnective,
  fixSentence,
  plainPhrases,
  plainWords,
  splitLong,
  trimPaddingList,
  undoNotOnly,
} from "./fixes";
import { HABITS } from "./habits";

describe("each fix removes its habit and nothing else", () => {
  it.each([
    [
      "plain word",
      plainWords,
      "We leverage a robust tool to showcase intricate work.",
      "We use a solid tool to show detailed work.",
    ],
    ["plain word, article agreeing later", plainWords, "It was an unforgettable day.", "It was an memorable day."],
    [
      "stock phrase",
      plainPhrases,
      "It is important to note that prices vary in order to cover costs.",
      "prices vary to cover costs.",
    ],
    [
      "stock phrase, tense kept",
      plainPhrases,
      "Reviews played a vital role in our growth.",
      "Reviews mattered for our growth.",
    ],
    ["stock phrase, -ing kept", plainPhrases, "We are delving into the details.", "We are looking at the details."],
    [
      "significance tail",
      cutSignificanceTail,
      "The bakery added ten photos, highlighting its commitment to quality.",
      "The bakery added ten photos.",
    ],
    [
      "effect tail",
      cutSignificanceTail,
      "Post weekly, ensuring the page stays current.",
      "Post weekly. That ensures the page stays current.",
    ],
    ["essay connective", dropConnective, "Moreover, the oven needs an hour.", "the oven needs an hour."],
    ["contrast connective", dropConnective, "However, the oven needs an hour.", "But the oven needs an hour."],
    ["not only … but also", undoNotOnly, "It is not only fresh but also cheap.", "It is fresh and cheap."],
    ["padding list", trimPaddingList, "Keep it clear, concise, and engaging.", "Keep it clear and concise."],
    [
      "contraction",
      addContractions,
      "It is ready, but you do not need it and they are late.",
      "It's ready, but you don't need it and they're late.",
    ],
    ["chatbot leftover", dropChatbotLeftovers, "As an AI language model, I hope this helps!", ""],
  ])("%s", (_name, fix, before, after) => {
    expect(fix(before)).toBe(after);
  });

  it.each([
    [plainWords, "Bake the bread at 220°C for 35 minutes."],
    [plainPhrases, "It's important that the dough rests."],
    [cutSignificanceTail, "Bake it for an hour, then let it cool on a rack."],
    [dropConnective, "Overall costs rose by 4% last year."],
    [trimPaddingList, "Bring flour, sugar and butter."],
    [addContractions, "I know where it is."],
  ])("leaves a sentence without the habit alone: %#", (fix, sentence) => {
    expect(fix(sentence)).toBe(sentence);
  });
});

describe("splitLong", () => {
  it("breaks a long sentence at the break nearest its middle, into sentences that start with a capital", () => {
    const long =
      "The most successful plans combine careful planning with patient work over many months, which is why it pays to think about the whole process first.";
    expect(splitLong(long, 19)).toBe(
      "The most successful plans combine careful planning with patient work over many months. That is why it pays to think about the whole process first.",
    );
  });

  it("does not take the last comma of a list for a clause break, and leaves short sentences alone", () => {
    const list =
      "You will need flour, water, salt, and a warm place to let the dough rise slowly overnight in the kitchen.";
    expect(splitLong(list, 10)).toBe(list);
    expect(splitLong("Short, and sweet.", 2)).toBe("Short, and sweet.");
  });
});

describe("fixSentence", () => {
  it("returns a sentence with no habit byte for byte", () => {
    const plain = "Give your photos 15 minutes on Friday and write down what you changed.";
    expect(fixSentence(plain, 19)).toBe(plain);
  });

  it.each(HABITS.map((h) => [h]))("fixes the planted habit: %s", (habit) => {
    const sentence = habit.replaceAll("{focus}", "your photos");
    const fixed = fixSentence(sentence, 19);
    expect(fixed).not.toBe(sentence);
    for (const phrase of STOCK_PHRASES) expect(fixed.toLowerCase(), phrase).not.toContain(phrase);
    expect(fixed).toMatch(/^[A-Z]/);
    expect(fixed).toMatch(/[.!?]$/);
    expect(fixed).not.toMatch(/\s[,.]|\s{2}|\ban [b-df-hj-np-tv-z]/i);
    for (const s of fixed.split(/(?<=[.!?])\s+/)) expect(s.split(/\s+/).length, s).toBeLessThan(20);
  });

  it("reads the way a person would write the planted sentences", () => {
    const fix = (i: number) => fixSentence(HABITS[i].replaceAll("{focus}", "your photos"), 19);
    expect(fix(0)).toBe("A clear plan for your photos matters for long-term success.");
    expect(fix(3)).toBe("Taking time to look at your photos makes sure every decision is grounded in insight.");
    expect(fix(6)).toBe(
      "A well-structured plan for your photos should be clear and concise. That leads to a smooth experience for everyone involved.",
    );
  });
});

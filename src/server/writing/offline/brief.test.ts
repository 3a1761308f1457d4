import { describe, expect, it } from "vitest";
import type { DraftRequest } from "../prose";
import { readBrief, shortenTitle } from "./brief";

const read = (contentType: string, extra: Partial<DraftRequest> = {}) =>
  readBrief({ currentDate: "2026-11-22", writingStyle: "prose2", contentType, ...extra });

describe("readBrief", () => {
  it.each([
    [
      "Blog post for owners of independent coffee shops on how to build a loyalty program that brings regulars back twice a week, with the costs, the tools and the mistakes to avoid.",
      {
        title: "How to build a loyalty program that brings regulars back twice a week",
        topic: "how to build a loyalty program",
        audience: "owners of independent coffee shops",
        kind: "guide",
        items: ["costs", "tools", "mistakes to avoid"],
        purpose: "",
        words: 800,
      },
    ],
    [
      // A purpose clause, turned to address the reader.
      "Explainer for startup founders on the difference between a SAFE and a convertible note, so they can choose one for their first funding round.",
      {
        kind: "explainer",
        audience: "startup founders",
        title: "The difference between a SAFE and a convertible note",
        purpose: "you can choose one for your first funding round",
      },
    ],
  ])("reads %s", (brief, expected) => {
    expect(read(brief)).toMatchObject(expected);
  });

  it.each([
    ["How-to guide: how small bakeries can win local customers with Google Business Profile", "guide", ""],
    ["Notion vs Obsidian: which is better for students", "comparison", "students"],
    [
      "Explain how solar panels work for homeowners considering installation",
      "explainer",
      "homeowners considering installation",
    ],
    ["Guide: choosing a CRM for a 10-person sales team", "guide", ""],
    ["Top 10 tips for first-time home buyers", "list", ""],
    ["Checklist: moving house with kids", "checklist", ""],
    ["What is a Roth IRA?", "explainer", ""],
    ["Productivity", "post", ""],
  ])("%s → a %s for %j", (brief, kind, audience) => {
    expect(read(brief)).toMatchObject({ kind, audience });
  });

  it("names the sides of a comparison", () => {
    expect(read("Comparison: Shopify vs WooCommerce for a one-person candle business").sides).toEqual([
      "Shopify",
      "WooCommerce",
    ]);
    expect(read("How to bake sourdough").sides).toBeNull();
  });

  it("puts a question's verb back in place, so the topic reads after 'about'", () => {
    expect(read("What is a Roth IRA and who should open one?")).toMatchObject({
      title: "What is a Roth IRA and who should open one?",
      topic: "what a Roth IRA is and who should open one",
    });
  });

  it("prefers the target audience field and adds what the context asks to mention", () => {
    const b = read("How-to guide: getting more bakery customers", {
      targetAudience: "owners of small bakeries.",
      additionalContext: "Keep it friendly. Mention photos and reviews.",
    });
    expect(b.audience).toBe("owners of small bakeries");
    expect(b.items).toEqual(["photos", "reviews"]);
  });

  it("takes the first sentence, drops emoji and stops shouting", () => {
    expect(read("HOW TO START A PODCAST 🎙️🔥").title).toBe("How to start a podcast");
    expect(read(`Write a blog post about composting at home. ${"More notes. ".repeat(300)}`).title).toBe(
      "Composting at home",
    );
  });

  it("parses the word count and defaults to 800", () => {
    expect(read("Bread", { wordCount: "about 1,500 words" }).words).toBe(1500);
    expect(read("Bread", { wordCount: "lots" }).words).toBe(800);
  });
});

describe("shortenTitle", () => {
  it("cuts a long title where a clause starts and never ends on a dangling word", () => {
    const long = "why patients drop out of treatment after the third visit and what the front desk can do to keep them";
    expect(shortenTitle(long)).toBe("why patients drop out of treatment after the third visit");
    expect(shortenTitle("a short title")).toBe("a short title");
    const noBreak = Array.from({ length: 20 }, (_, i) => (i === 13 ? "the" : `word${i}`)).join(" ");
    expect(shortenTitle(noBreak).split(" ")).toHaveLength(13);
  });
});

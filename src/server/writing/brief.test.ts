import { describe, expect, it } from "vitest";
import { endsDangling, parseBrief, shorten, toBase, toGerund } from "./brief";

describe("parseBrief", () => {
  it("strips request wrappers and separates subject, audience and goal", () => {
    const p = parseBrief("Write a blog post about how remote teams can run better weekly meetings");
    expect(p).toMatchObject({ kind: "howto", goal: "run better weekly meetings" });
    expect(p.subject.text).toBe("weekly meetings");
    expect(p.audience?.text).toBe("remote teams");
    expect(p.title).toBe("How remote teams can run better weekly meetings");
  });

  it("reads 'how X works' as an explainer about X", () => {
    const p = parseBrief("Explain how solar panels work for homeowners considering installation");
    expect(p).toMatchObject({ kind: "explainer", angle: "how" });
    expect(p.subject).toMatchObject({ text: "solar panels", plural: true });
    expect(p.audience?.text).toBe("homeowners considering installation");
    expect(p.goal).toBe("understand how solar panels work");
  });

  it("keeps articles where grammar needs them", () => {
    const p = parseBrief("Guide: choosing a CRM for a 10-person sales team");
    expect(p.kind).toBe("guide");
    expect(p.subject).toMatchObject({ text: "a CRM", the: "the CRM", your: "your CRM", plural: false });
    expect(p.audience).toMatchObject({ text: "a 10-person sales team", group: "10-person sales teams" });
    expect(p.goal).toBe("choose a CRM");
  });

  it("takes the tool as the subject of 'how X can Y with Z'", () => {
    const p = parseBrief("How-to guide: how small bakeries can get more local customers with Google Business Profile");
    expect(p.subject.text).toBe("Google Business Profile");
    expect(p.audience?.group).toBe("small bakeries");
    expect(p.goal).toBe("get more local customers");
    expect(p.title).toBe("How small bakeries can get more local customers with Google Business Profile");
  });

  it("reads the landing page's sample shape: type, audience, topic, outcome and coverage list", () => {
    const p = parseBrief(
      "Blog post for owners of independent coffee shops on how to build a loyalty program that brings regulars back twice a week, with the costs, the tools and the mistakes to avoid.",
    );
    expect(p.audience?.text).toBe("owners of independent coffee shops");
    expect(p.subject.text).toBe("a loyalty program");
    expect(p.extras).toEqual(["costs", "tools", "mistakes"]);
    expect(p.title).toBe("How to build a loyalty program that brings regulars back");
    const q = parseBrief(
      "Explainer for small-business owners on what a heat pump costs to run compared with a gas boiler, so they can decide whether to switch this year.",
    );
    expect(q.options).toEqual(["a heat pump", "a gas boiler"]);
    expect(q.outcome).toBe("you can decide whether to switch this year");
  });

  it("detects listicles, comparisons, questions, case studies, FAQs, checklists and reviews", () => {
    expect(parseBrief("Top 10 tips for first-time home buyers")).toMatchObject({
      kind: "listicle",
      count: 10,
      itemNoun: "tips",
    });
    expect(parseBrief("Notion vs Obsidian: which is better for students")).toMatchObject({
      kind: "comparison",
      options: ["Notion", "Obsidian"],
      title: "Notion vs Obsidian: which is better for students",
    });
    expect(parseBrief("What is a Roth IRA?")).toMatchObject({
      kind: "explainer",
      angle: "what",
      title: "What is a Roth IRA?",
    });
    expect(parseBrief("What is a Roth IRA?").subject.text).toBe("a Roth IRA");
    expect(parseBrief("Case study: how a plumbing company got more calls with local SEO")).toMatchObject({
      kind: "caseStudy",
      goal: "get more calls",
    });
    expect(parseBrief("FAQ about composting at home").kind).toBe("faq");
    expect(parseBrief("Checklist: moving house with kids").subject.text).toBe("moving house");
    expect(parseBrief("Review: the Kindle Paperwhite for heavy readers").kind).toBe("review");
    expect(parseBrief("How do I get better sleep?")).toMatchObject({ kind: "howto", title: "How to get better sleep" });
  });

  it("falls back to a clean noun phrase for odd briefs", () => {
    expect(parseBrief("Productivity")).toMatchObject({ title: "Productivity: a practical guide", generic: false });
    expect(parseBrief("HOW TO START A PODCAST 🎙️🔥")).toMatchObject({
      title: "How to start a podcast",
      goal: "start a podcast",
    });
    const es = parseBrief("Cómo mejorar la atención al cliente en restaurantes");
    expect(es.generic).toBe(true);
    expect(es.title).toBe("Cómo mejorar la atención al cliente en restaurantes");
    for (const odd of ["", "???", "a", "how to", "Write me something"]) {
      const p = parseBrief(odd);
      expect(p.title, odd).toBe("A practical guide to getting started");
      expect(p.generic, odd).toBe(true);
    }
    expect(parseBrief("word ".repeat(1000)).title.split(" ").length).toBeLessThanOrEqual(12);
  });
});

describe("word helpers", () => {
  it("turns gerunds and past tenses into base forms and back", () => {
    const pairs: [string, string][] = [
      ["choosing", "choose"],
      ["running", "run"],
      ["getting", "get"],
      ["writing", "write"],
      ["building", "build"],
      ["preparing", "prepare"],
      ["setting", "set"],
      ["adding", "add"],
      ["creating", "create"],
      ["improving", "improve"],
      ["planning", "plan"],
      ["got", "get"],
      ["doubled", "double"],
      ["reduced", "reduce"],
    ];
    for (const [form, base] of pairs) expect(toBase(form), form).toBe(base);
    expect(toGerund("sleep")).toBe("sleeping");
    expect(toGerund("make")).toBe("making");
    expect(toGerund("run")).toBe("running");
  });

  it("shortens at clause boundaries and spots dangling endings", () => {
    expect(shorten("build a loyalty program that brings regulars back twice a week", 8)).toBe(
      "build a loyalty program that brings regulars back",
    );
    expect(endsDangling("How to get more out of how with how")).toBe(true);
    expect(endsDangling("Your next step with weekly meetings")).toBe(false);
  });
});

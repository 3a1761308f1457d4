import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blockSentences, blocksSentences, countMarkdownWords, countWords, splitSentences } from "./text";

const texts = (input: string) => splitSentences(input).map((s) => s.text);

describe("splitSentences", () => {
  it("keeps abbreviations, initials and decimals inside their sentence", () => {
    expect(
      texts("Dr. Smith moved to the U.S. in 2010. The economy grew 3.5 percent, i.e. a lot. J. K. Rowling agreed."),
    ).toEqual([
      "Dr. Smith moved to the U.S. in 2010.",
      "The economy grew 3.5 percent, i.e. a lot.",
      "J. K. Rowling agreed.",
    ]);
  });

  it("handles quotes and ellipses", () => {
    expect(texts('"Is it true?" she asked. He said "Stop." Then he left... And nothing. Wait... what?')).toEqual([
      '"Is it true?" she asked.',
      'He said "Stop."',
      "Then he left...",
      "And nothing.",
      "Wait... what?",
    ]);
  });

  it("does not treat 'No.' as an abbreviation unless a number follows", () => {
    expect(texts("I said no. Then we met at No. 5 Main St. in town.")).toEqual([
      "I said no.",
      "Then we met at No. 5 Main St. in town.",
    ]);
  });

  it("skips headings, code and tables but keeps list-item prose with offsets into the original", () => {
    const input = [
      "# A Heading That Is Not Prose",
      "",
      "Intro paragraph with [a link](https://example.com/a.b) inside. Second sentence.",
      "",
      "- First item without a full stop",
      "1. Numbered item. It has two sentences!",
      "",
      "```ts",
      "const x = 1. Not a sentence.",
      "```",
      "",
      "| a | b |",
      "",
      "Setext Heading",
      "==============",
    ].join("\n");
    const sentences = splitSentences(input);
    expect(sentences.map((s) => s.text)).toEqual([
      "Intro paragraph with [a link](https://example.com/a.b) inside.",
      "Second sentence.",
      "First item without a full stop",
      "Numbered item.",
      "It has two sentences!",
    ]);
    for (const s of sentences) expect(input.slice(s.start, s.end)).toBe(s.text);
    expect(sentences[0].plain).toBe("Intro paragraph with a link inside.");
  });

  it("counts words without link targets", () => {
    expect(countMarkdownWords("See [the docs](https://example.com/very/long/path) now.")).toBe(4);
  });
});

describe("blockSentences", () => {
  it("splits one block of plain prose like the detector does, with white space folded", () => {
    expect(blockSentences("Feed it twice, e.g. at 8 and 20.\nThen bake.  It costs 3.5 euros!")).toEqual([
      "Feed it twice, e.g. at 8 and 20.",
      "Then bake.",
      "It costs 3.5 euros!",
    ]);
    expect(blockSentences("  ")).toEqual([]);
  });
});

describe("blockSentences keeps what the detector skips", () => {
  it("keeps an image, a link or a lone number as a piece of its own", () => {
    expect(blockSentences("See below. ![A baker](https://a.example/b.jpg) 42.")).toEqual([
      "See below.",
      "![A baker](https://a.example/b.jpg) 42.",
    ]);
  });
});

describe("blocksSentences", () => {
  it("gives each block's sentences and the count of the blocks joined, from one split", () => {
    const cases = [
      ["No stop here", "and more. Then.", "— ", "", "It ends e.g.", "lower case next?", "then this!", "42", "Done."],
      ["Who? ", "Me.", "?", "! yes", "Dr.", "Smith came... and", "left."],
      ["Fig.", "3 shows it.", "No.", "5 is it", "I.", "J.", "K. Rowling.)", "“Quote.”", "(so)"],
    ];
    for (const blocks of cases) {
      expect(blocksSentences(blocks)).toEqual({
        perBlock: blocks.map(blockSentences),
        joinedCount: blockSentences(blocks.join("\n\n")).length,
      });
    }
  });

  it("agrees with blockSentences on generated blocks", () => {
    const atom = fc.constantFrom(
      ..."Hello world e.g. i.e. Dr. No. 5 3.5 J. U.S. . .. ... ! ? … ) \" ' ” * » ] the It so I. — - x ( “".split(" "),
      "\n",
    );
    const block = fc
      .array(fc.tuple(atom, fc.boolean()), { maxLength: 8 })
      .map((xs) => xs.map(([a, space]) => (space ? `${a} ` : a)).join(""));
    fc.assert(
      fc.property(fc.array(block, { maxLength: 6 }), (blocks) => {
        expect(blocksSentences(blocks)).toEqual({
          perBlock: blocks.map((b) => blockSentences(b)),
          joinedCount: blockSentences(blocks.join("\n\n")).length,
        });
      }),
      { numRuns: 2000, seed: 17 },
    );
  });
});

describe("countWords", () => {
  it("counts the words of plain text, in linear time even on a run of brackets", () => {
    expect(countWords("Feed the starter, don't rush: 3.5 hours.")).toBe(7);
    expect(countWords(`${"[".repeat(200_000)} done`)).toBe(1);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countOf, creditCount } from "./plural";
import { sourceFiles } from "./testing/source-files";

describe("plural", () => {
  it("says 1 credit and n credits", () => {
    expect(creditCount(1)).toBe("1 credit");
    expect(creditCount(0)).toBe("0 credits");
    expect(creditCount(5)).toBe("5 credits");
    expect(creditCount(1500)).toBe("1,500 credits");
    expect(countOf(1, "user")).toBe("1 user");
    expect(countOf(3, "entry", "entries")).toBe("3 entries");
  });

  it("is the only way the code counts (issue 31: '1 users received')", () => {
    const src = join(import.meta.dirname, "..");
    // A count followed by a fixed plural noun, or a hand-made "s" suffix.
    const naive = [
      /\$\{[^}]+\}\s+(users|credits|sentences|words|days|minutes|seconds|versions|documents)\b/,
      /\}\s+(users|credits|sentences|words|days) (received|used|costs|flagged|available)\b/,
      /=== 1 \? "" : "s"/,
    ];
    const offenders = sourceFiles(src).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => naive.some((re) => re.test(line)))
        .map(({ line, i }) => `${file.slice(src.length + 1)}:${i + 1}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});

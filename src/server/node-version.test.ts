import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./node-version";

describe("the Node.js version check", () => {
  it("refuses an older Node in one line that says which Node to use and how", () => {
    const problem = nodeVersionProblem("20.20.2");
    expect(problem).toBe(
      "Draftsmith needs Node.js 24 or newer, and this is Node.js 20.20.2: start it with `npm start` after " +
        "`npm install` (which installs Node 24 for npm's scripts), or install Node.js 24 (the version in .nvmrc) and run it with that.",
    );
    expect(problem).not.toContain("\n");
    expect(nodeVersionProblem("22.19.0")).toMatch(/^Draftsmith needs Node\.js 24 or newer/);
  });

  it("accepts Node 24 and later", () => {
    expect(nodeVersionProblem("24.0.0")).toBeNull();
    expect(nodeVersionProblem(process.versions.node)).toBeNull();
    expect(nodeVersionProblem("25.1.0")).toBeNull();
  });
});

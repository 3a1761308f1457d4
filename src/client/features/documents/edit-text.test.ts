import { describe, expect, it } from "vitest";
import { editProblem } from "./edit-text";

describe("editProblem", () => {
  it("saves only a changed, non-empty text within the document limit", () => {
    expect(editProblem("Draft.", "Draft.")).toBe("Nothing changed yet");
    expect(editProblem("Draft.", "  \n")).toBe("Text is required");
    expect(editProblem("Draft.", "a".repeat(100_001))).toBe("Text is too long (100,000 characters at most)");
    expect(editProblem("Draft.", "Draft, edited.")).toBeNull();
  });
});

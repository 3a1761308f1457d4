import { describe, expect, it } from "vitest";
import { isOutOfView } from "./reveal";

describe("isOutOfView", () => {
  it("is true above the screen or too low on it, false when the top shows", () => {
    expect(isOutOfView({ top: -1770, bottom: -900 }, 844)).toBe(true);
    expect(isOutOfView({ top: 800, bottom: 1400 }, 844)).toBe(true);
    expect(isOutOfView({ top: 120, bottom: 900 }, 844)).toBe(false);
    expect(isOutOfView({ top: 0, bottom: 10 }, 844)).toBe(false);
  });
});

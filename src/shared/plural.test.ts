import { describe, expect, it } from "vitest";
import { countOf, creditCount } from "./plural";

describe("plural", () => {
  it("says 1 credit and n credits", () => {
    expect(creditCount(1)).toBe("1 credit");
    expect(creditCount(0)).toBe("0 credits");
    expect(creditCount(5)).toBe("5 credits");
    expect(creditCount(1500)).toBe("1,500 credits");
    expect(countOf(1, "user")).toBe("1 user");
    expect(countOf(3, "entry", "entries")).toBe("3 entries");
  });
});

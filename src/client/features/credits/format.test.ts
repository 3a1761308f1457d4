import { describe, expect, it } from "vitest";
import { formatCredits, formatPricePerCredit, formatSignedCredits, formatUsd } from "./format";

describe("credit and money formatting", () => {
  it("shows prices in USD with cents", () => {
    expect(formatUsd(4.99)).toBe("$4.99");
    expect(formatUsd(64.9)).toBe("$64.90");
  });

  it("shows the price per credit to three decimals", () => {
    expect(formatPricePerCredit(0.0998)).toBe("$0.100");
    expect(formatPricePerCredit(0.087)).toBe("$0.087");
    expect(formatPricePerCredit(0.065)).toBe("$0.065");
  });

  it("signs ledger amounts with a plus or a real minus sign", () => {
    expect(formatSignedCredits(50)).toBe("+50");
    expect(formatSignedCredits(-3)).toBe("\u22123");
    expect(formatSignedCredits(0)).toBe("0");
    expect(formatSignedCredits(1200)).toBe("+1,200");
  });

  it("groups thousands in credit counts", () => {
    expect(formatCredits(10000)).toBe("10,000");
  });
});

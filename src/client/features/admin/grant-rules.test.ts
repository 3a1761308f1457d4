import { describe, expect, it } from "vitest";
import { grantBlocked, grantTotal, parseGrantAmount } from "./grant-rules";

const ready = { selectedCount: 2, amount: 100, reason: "Beta tester thanks", pending: false };

describe("the direct grant form", () => {
  it("turns a non-numeric amount into 0", () => {
    expect(parseGrantAmount("abc")).toBe(0);
    expect(parseGrantAmount("")).toBe(0);
    expect(parseGrantAmount("250")).toBe(250);
  });

  it("enables the button only with users, a positive amount, a reason and nothing pending", () => {
    expect(grantBlocked(ready)).toBeNull();
    expect(grantBlocked({ ...ready, selectedCount: 0 })).not.toBeNull();
    expect(grantBlocked({ ...ready, amount: 0 })).not.toBeNull();
    expect(grantBlocked({ ...ready, amount: -5 })).not.toBeNull();
    expect(grantBlocked({ ...ready, reason: "   " })).not.toBeNull();
    expect(grantBlocked({ ...ready, pending: true })).not.toBeNull();
  });

  it("keeps the amount within 1 to 10,000", () => {
    expect(grantBlocked({ ...ready, amount: 10_000 })).toBeNull();
    expect(grantBlocked({ ...ready, amount: 10_001 })).toBe("At most 10,000 credits per user");
  });

  it("totals users times amount", () => {
    expect(grantTotal(3, 100)).toBe(300);
  });
});

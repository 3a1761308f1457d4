import { describe, expect, it, vi } from "vitest";
import { ARRIVAL_CHECK_DELAYS_MS, creditsArrived, type PendingPurchase } from "./payment-return";

const pending: PendingPurchase = {
  packageId: 2,
  packageName: "Creator",
  credits: 150,
  totalCreditsBefore: 50,
  startedAt: 0,
};

describe("noticing that a purchase's credits have arrived", () => {
  it("first checks about 2 s after the return and keeps trying for about a minute", () => {
    expect(ARRIVAL_CHECK_DELAYS_MS[0]).toBe(2000);
    const total = ARRIVAL_CHECK_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(55_000);
    expect(total).toBeLessThanOrEqual(70_000);
  });

  it("counts the rise in Total Purchased since the checkout started", () => {
    expect(creditsArrived({ pending, totalCredits: 50 })).toBe(0);
    expect(creditsArrived({ pending, totalCredits: 200 })).toBe(150);
  });

  it("is not fooled by spending or bonuses while waiting", () => {
    expect(creditsArrived({ pending, totalCredits: 40 })).toBe(0);
  });

  it("without a noted balance, takes a purchase from the last few minutes of the ledger", () => {
    const now = Date.parse("2025-03-31T12:00:00Z");
    const transactions = [
      { type: "usage", amount: -3, createdAt: "2025-03-31T11:59:00Z" },
      { type: "purchase", amount: 150, createdAt: "2025-03-31T11:58:00Z" },
    ];
    expect(creditsArrived({ pending: null, totalCredits: 200, transactions, now })).toBe(150);
    expect(creditsArrived({ pending: null, totalCredits: 200, transactions, now: now + 60 * 60 * 1000 })).toBe(0);
  });

  it("announces a purchase found in the ledger once per tab", () => {
    const store = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    try {
      const now = Date.parse("2025-03-31T12:00:00Z");
      const transactions = [{ id: 41, type: "purchase", amount: 150, createdAt: "2025-03-31T11:58:00Z" }];
      expect(creditsArrived({ pending: null, totalCredits: 200, transactions, now })).toBe(150);
      expect(creditsArrived({ pending: null, totalCredits: 200, transactions, now })).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

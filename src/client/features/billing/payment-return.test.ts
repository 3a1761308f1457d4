import { describe, expect, it } from "vitest";
import { ARRIVAL_CHECK_DELAYS_MS } from "./payment-return";

describe("waiting for a purchase's credits", () => {
  it("first checks about 2 s after the return and keeps trying for about a minute", () => {
    expect(ARRIVAL_CHECK_DELAYS_MS[0]).toBe(2000);
    const total = ARRIVAL_CHECK_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(55_000);
    expect(total).toBeLessThanOrEqual(70_000);
  });
});

import { describe, expect, it } from "vitest";
import { creditsPerDay } from "./usage-by-day";

// Local-time constructors keep the test independent of the machine's time zone.
const now = new Date(2025, 2, 31, 15, 0, 0);
const at = (month: number, day: number, hour = 12) => new Date(2025, month, day, hour).toISOString();

describe("credits per day for the usage chart", () => {
  it("has one bar per day for the last 30 days, today last", () => {
    const series = creditsPerDay([], now);
    expect(series).toHaveLength(30);
    expect(series.at(-1)?.key).toBe("2025-03-31");
    expect(series[0]?.key).toBe("2025-03-02");
    expect(series.every((d) => d.credits === 0)).toBe(true);
  });

  it("adds up the credits of each local day", () => {
    const series = creditsPerDay(
      [
        { creditsUsed: 4, createdAt: at(2, 31, 9) },
        { creditsUsed: 1, createdAt: at(2, 31, 0) },
        { creditsUsed: 3, createdAt: at(2, 30, 23) },
      ],
      now,
    );
    expect(series.at(-1)?.credits).toBe(5);
    expect(series.at(-2)?.credits).toBe(3);
  });

  it("leaves out usage older than the window and unreadable dates", () => {
    const series = creditsPerDay(
      [
        { creditsUsed: 7, createdAt: at(2, 1) },
        { creditsUsed: 2, createdAt: "not a date" },
      ],
      now,
    );
    expect(series.reduce((sum, d) => sum + d.credits, 0)).toBe(0);
  });
});

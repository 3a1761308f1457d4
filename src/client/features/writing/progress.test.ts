import { describe, expect, it } from "vitest";
import { PROGRESS } from "../../../shared/limits";
import { nextProgress, PHASE_MESSAGES, phaseFor, statusMessage } from "./progress";

describe("the simulated progress (spec §4)", () => {
  it("rises 0.5 a tick and stops at 90 until the call returns", () => {
    let p = 0;
    let ticks = 0;
    while (p < PROGRESS.cap && ticks < 1000) {
      p = nextProgress(p);
      ticks++;
    }
    expect(p).toBe(90);
    expect(ticks).toBe(180); // 18 s at 100 ms a tick
    expect(nextProgress(90)).toBe(90);
    expect(nextProgress(100)).toBe(100);
  });

  it("has four phases at 25 / 50 / 75", () => {
    expect(phaseFor(0)).toBe("analyzing");
    expect(phaseFor(24.5)).toBe("analyzing");
    expect(phaseFor(25)).toBe("writing");
    expect(phaseFor(50)).toBe("optimizing");
    expect(phaseFor(75)).toBe("finalizing");
    expect(phaseFor(100)).toBe("finalizing");
  });

  it("rotates the status line within the phase", () => {
    const lines = PHASE_MESSAGES.writing;
    expect(statusMessage("writing", 0)).toBe(lines[0]);
    expect(statusMessage("writing", lines.length)).toBe(lines[0]);
    expect(statusMessage("writing", 1)).toBe(lines[1]);
  });
});

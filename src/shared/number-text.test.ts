import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDollars, formatNumber } from "./number-text";
import { sourceFiles } from "./testing/source-files";

const intl = new Intl.NumberFormat("en-US");
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usd3 = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
});

/** A deterministic spread of values: integers, prices, halves at every rounding position, edges. */
function samples(): number[] {
  const out = [0, -0, 1, -1, 5, 999, 1000, 1500, 9999.9995, 999999.9996, 1234.5678, 0.0005, 0.0015, 1.005, 2.675];
  out.push(0.125, 0.0125, 1.0005, 0.9995, 99.995, 12345678901234, 2 ** 53, 1e20, 0.000001, 123.4444, 1e-7, 5e-324);
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < 4000; i++) {
    const scale = 10 ** Math.floor(next() * 9 - 3);
    const v = Math.round(next() * 100000) / 10 ** Math.floor(next() * 6);
    out.push(v * scale, -v * scale, Math.round(next() * 1e6) / 1000 + 0.0005);
  }
  return out;
}

describe("number text without Intl", () => {
  it("reads as Intl's en-US number format for every sample", () => {
    for (const n of samples()) expect([n, formatNumber(n)]).toEqual([n, intl.format(n)]);
  });

  it("reads as Intl's dollars, with cents and with three decimals", () => {
    for (const n of samples()) {
      expect([n, formatDollars(n)]).toEqual([n, usd.format(n)]);
      expect([n, formatDollars(n, 3)]).toEqual([n, usd3.format(n)]);
    }
  });

  it("groups thousands and rounds half away from zero", () => {
    expect(formatNumber(1500)).toBe("1,500");
    expect(formatNumber(1234567.8915)).toBe("1,234,567.892");
    expect(formatNumber(999.9995)).toBe("1,000");
    expect(formatDollars(1234.5)).toBe("$1,234.50");
    expect(formatDollars(-5)).toBe("-$5.00");
    expect(formatDollars(0.0095, 3)).toBe("$0.010");
  });

  it("leaves what it does not shape to Intl", () => {
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe(intl.format(Number.POSITIVE_INFINITY));
    expect(formatNumber(Number.NaN)).toBe("NaN");
    expect(formatNumber(1e21)).toBe(intl.format(1e21));
  });
});

describe("the screens format numbers with number-text", () => {
  it("no Intl number format or toLocaleString of a number outside number-text.ts", () => {
    const root = join(import.meta.dirname, "..");
    const offenders = [...sourceFiles(join(root, "client")), ...sourceFiles(join(root, "shared"))]
      .filter((file) => !file.endsWith("number-text.ts"))
      .filter((file) => /new Intl\.NumberFormat|\.toLocaleString\("en-US"/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});

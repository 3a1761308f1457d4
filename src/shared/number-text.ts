// Numbers as en-US text without Intl. In Chromium the first Intl number format of a page loads ICU's
// number data: 50–70 ms of main thread on a quiet desktop, four times that on Lighthouse's phone, in
// the middle of the first render of every page (issue 30). These give Intl's text ("1,500",
// "$1,234.50", "1,234.568") for every finite number the product shows; anything else (∞, NaN,
// exponent-sized values) still goes to Intl, created on first use.

const DIGIT_5 = 53; // "5"

let fallback: Intl.NumberFormat | undefined;

/** The shortest decimal that reads back as `abs` (as ICU reads a double), rounded half away from zero. */
function decimalParts(abs: number, maxFraction: number): { int: string; frac: string } | null {
  const text = String(abs);
  if (text.includes("e")) return null;
  let [int, frac = ""] = text.split(".");
  if (frac.length > maxFraction) {
    const up = frac.charCodeAt(maxFraction) >= DIGIT_5;
    frac = frac.slice(0, maxFraction);
    if (up) {
      const digits = `${int}${frac}`.split("").map(Number);
      let i = digits.length - 1;
      for (; i >= 0 && digits[i] === 9; i--) digits[i] = 0;
      if (i >= 0) digits[i] += 1;
      const all = `${i < 0 ? "1" : ""}${digits.join("")}`;
      int = all.slice(0, all.length - frac.length);
      frac = all.slice(all.length - frac.length);
    }
  }
  return { int, frac };
}

const grouped = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function format(n: number, minFraction: number, maxFraction: number, prefix: string): string | null {
  if (!Number.isFinite(n)) return null;
  const parts = decimalParts(Math.abs(n), maxFraction);
  if (!parts) return null;
  let frac = parts.frac.replace(/0+$/, "");
  frac = frac.padEnd(minFraction, "0");
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  return `${sign}${prefix}${grouped(parts.int)}${frac ? `.${frac}` : ""}`;
}

/** 1500 → "1,500", 1234.5678 → "1,234.568": `new Intl.NumberFormat("en-US").format(n)`. */
export function formatNumber(n: number): string {
  const text = format(n, 0, 3, "");
  if (text !== null) return text;
  fallback ??= new Intl.NumberFormat("en-US");
  return fallback.format(n);
}

/**
 * US dollars with `fraction` decimals (2: cents): "$1,234.50", "-$5.00", as Intl's currency style
 * in en-US with that many fraction digits.
 */
export function formatDollars(amount: number, fraction = 2): string {
  const text = format(amount, fraction, fraction, "$");
  if (text !== null) return text;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(amount);
}

// A detection's percentage as the screens write it; no Markdown parser here (highlight.ts has one),
// so a page that only shows scores, such as Documents, loads none.

/** "12.5%", "—" for nothing. One decimal at most, no trailing ".0". */
export function formatPercent(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  return `${Math.round(n * 10) / 10}%`;
}

// Counted nouns the English way, chosen by Intl.PluralRules ("1 credit", "0 credits", "2 credits"),
// with thousands separators (number-text.ts: without Intl's number data). Shared by the server's messages and the client's text.
import { formatNumber } from "./number-text";

const rules = new Intl.PluralRules("en-US");

/** "1 credit", "1,500 credits"; `plural` defaults to `${one}s`. */
export function countOf(n: number, one: string, plural = `${one}s`): string {
  return `${formatNumber(n)} ${rules.select(n) === "one" ? one : plural}`;
}

export const creditCount = (n: number) => countOf(n, "credit");

// The Usage tab's chart data: credits spent per local calendar day over the last 30 days.
import { format, startOfDay, subDays } from "date-fns";

export const USAGE_CHART_DAYS = 30;

export interface DayTotal {
  /** yyyy-MM-dd, local time. */
  key: string;
  day: Date;
  credits: number;
}

export function creditsPerDay(
  usage: readonly { creditsUsed: number; createdAt: string }[],
  now: Date = new Date(),
  days: number = USAGE_CHART_DAYS,
): DayTotal[] {
  const today = startOfDay(now);
  const series: DayTotal[] = [];
  const index = new Map<string, DayTotal>();
  for (let i = days - 1; i >= 0; i--) {
    const day = subDays(today, i);
    const entry = { key: format(day, "yyyy-MM-dd"), day, credits: 0 };
    series.push(entry);
    index.set(entry.key, entry);
  }
  for (const u of usage) {
    const at = new Date(u.createdAt);
    if (Number.isNaN(at.getTime())) continue;
    const entry = index.get(format(at, "yyyy-MM-dd"));
    if (entry) entry.credits += u.creditsUsed;
  }
  return series;
}

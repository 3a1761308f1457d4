// The Usage History tab: credits per day over the last 30 days, then the newest 20 calls.
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { useMemo } from "react";
import type { UsageResponse } from "../../../shared/billing";
import { endpointLabel } from "../../../shared/endpoint-labels";
import { HISTORY_LIMIT } from "../../../shared/limits";
import { OFFLINE_WRITER_LABEL } from "../../../shared/writer-label";
import { QueryState } from "../../components/query-state";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { cn } from "../../lib/cn";
import { FRESH_ON_MOUNT } from "../../lib/query";
import { USAGE_KEY, USAGE_PAGE } from "../credits/credits";
import { formatCredits } from "../credits/format";
import { useErrorToast } from "../credits/use-error-toast";
import { DATE_TIME } from "./transactions-tab";
import { creditsPerDay } from "./usage-by-day";
import { UsageChart } from "./usage-chart";

const PROVIDER_LABELS: Record<string, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  offline: OFFLINE_WRITER_LABEL,
  builtin: "Built-in detector",
};

export function UsageTab() {
  const usage = useQuery<UsageResponse>({ queryKey: USAGE_KEY, ...FRESH_ON_MOUNT });
  useErrorToast(usage.error, "Failed to load usage history");
  const records = usage.data?.usage;
  const series = useMemo(() => creditsPerDay(records ?? []), [records]);

  return (
    <QueryState query={usage} loading="Loading usage history" error="Failed to load usage history.">
      {(data) => <UsageView records={data.usage} series={series} />}
    </QueryState>
  );
}

function UsageView({ records, series }: { records: UsageResponse["usage"]; series: ReturnType<typeof creditsPerDay> }) {
  const rows = records.slice(0, HISTORY_LIMIT);
  return (
    <div className="space-y-4">
      <UsageChart series={series} />
      {records.length >= USAGE_PAGE && (
        <p className="text-xs text-slate-600">The chart counts your most recent {USAGE_PAGE} AI calls.</p>
      )}
      {rows.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-600">
          No usage yet. Drafts, AI detection, revisions and SEO HTML you pay for appear here.
        </p>
      ) : (
        <Table stacked aria-label="Usage history" containerClassName="rounded-xl border border-slate-200 bg-white">
          <TableCaption className="sr-only">
            Your most recent AI calls and the credits each used, newest first
          </TableCaption>
          <TableHeader>
            <TableRow className="border-0">
              <TableHead>Date</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Provider</TableHead>
              <TableHead className="text-right">Tokens (in / out)</TableHead>
              <TableHead className="text-right">Credits</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((u) => (
              <TableRow key={u.id}>
                <TableCell label="Date" className="whitespace-nowrap text-slate-700">
                  <time dateTime={u.createdAt}>{format(new Date(u.createdAt), DATE_TIME)}</time>
                </TableCell>
                <TableCell label="Action" className="text-slate-900">
                  {endpointLabel(u.endpoint)}
                  {u.apiKey !== null && u.apiKey !== undefined && (
                    <span className="block text-xs text-slate-600">via API key "{u.apiKey}"</span>
                  )}
                </TableCell>
                <TableCell label="Provider" className="text-slate-700">
                  {u.aiProvider ? (PROVIDER_LABELS[u.aiProvider] ?? u.aiProvider) : "—"}
                </TableCell>
                <TableCell
                  label="Tokens (in / out)"
                  className="whitespace-nowrap text-right tabular-nums text-slate-700"
                >
                  {u.aiProvider === "offline"
                    ? "—"
                    : u.requestTokens === 0 && u.responseTokens === 0
                      ? "Fixed price"
                      : `${formatCredits(u.requestTokens)} / ${formatCredits(u.responseTokens)}`}
                </TableCell>
                <TableCell
                  label="Credits"
                  className={cn(
                    "whitespace-nowrap text-right font-semibold tabular-nums",
                    u.creditsUsed > 0 ? "text-red-700" : "text-slate-600",
                  )}
                >
                  {u.creditsUsed > 0 ? formatCredits(u.creditsUsed) : "Free"}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

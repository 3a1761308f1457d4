// The Usage History tab: credits per day over the last 30 days, then the newest 20 calls.
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { useMemo } from "react";
import type { UsageResponse } from "../../../shared/billing";
import { HISTORY_LIMIT } from "../../../shared/limits";
import { Spinner } from "../../components/ui/spinner";
import { USAGE_KEY, USAGE_PAGE } from "../credits/credits";
import { formatCredits } from "../credits/format";
import { useErrorToast } from "../credits/use-error-toast";
import { DATE_TIME } from "./transactions-tab";
import { creditsPerDay } from "./usage-by-day";
import { UsageChart } from "./usage-chart";

const ENDPOINT_LABELS: Record<string, string> = {
  "/api/execute": "Draft generation",
  "/api/detect-ai": "AI detection",
  "/api/final-rewrite": "Final rewrite",
  "/api/revise-text": "Text revision",
  "/api/seo-optimize": "SEO optimization",
  "/api/seo-produce-code": "SEO HTML",
  "/api/seo-revise-text": "SEO revision",
};

const PROVIDER_LABELS: Record<string, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  offline: "Offline writer",
  builtin: "Built-in detector",
};

export const endpointLabel = (endpoint: string) =>
  ENDPOINT_LABELS[endpoint] ?? ENDPOINT_LABELS[`/api/${endpoint.replace(/^\/?(api\/)?/, "")}`] ?? endpoint;

export function UsageTab() {
  const usage = useQuery<UsageResponse>({ queryKey: USAGE_KEY, refetchOnMount: "always" });
  useErrorToast(usage.error, "Failed to load usage history");
  const records = usage.data?.usage;
  const series = useMemo(() => creditsPerDay(records ?? []), [records]);

  if (usage.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading usage history" className="size-6" />
      </div>
    );
  }
  if (usage.isError || !records) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        Failed to load usage history.
      </p>
    );
  }
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
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your most recent AI calls and the credits each used, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Action
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Provider
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Tokens (in / out)
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id} className="border-b border-slate-100 last:border-0">
                  <td className="whitespace-nowrap px-4 py-2 text-slate-700">
                    <time dateTime={u.createdAt}>{format(new Date(u.createdAt), DATE_TIME)}</time>
                  </td>
                  <td className="px-4 py-2 text-slate-900">{endpointLabel(u.endpoint)}</td>
                  <td className="px-4 py-2 text-slate-700">
                    {u.aiProvider ? (PROVIDER_LABELS[u.aiProvider] ?? u.aiProvider) : "—"}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums text-slate-700">
                    {formatCredits(u.requestTokens)} / {formatCredits(u.responseTokens)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-right font-semibold tabular-nums text-red-700">
                    {formatCredits(u.creditsUsed)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

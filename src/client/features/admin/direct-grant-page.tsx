// /admin/direct-grant (spec §2, §4, §5, §8): search users, pick them, grant each the same number
// of credits with a reason; the History tab lists recent grants.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { ArrowRight, Check, Gift, Search, X } from "lucide-react";
import { useId, useState } from "react";
import type { DirectGrantResponse, GrantHistoryResponse, SearchableUser } from "../../../shared/admin";
import { DIRECT_GRANT } from "../../../shared/limits";
import { countOf, creditCount } from "../../../shared/plural";
import { QueryState } from "../../components/query-state";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, Label, Textarea } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { apiPost } from "../../lib/api";
import { cn } from "../../lib/cn";
import { errorText } from "../../lib/errors";
import { FRESH_ON_MOUNT } from "../../lib/query";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { useRefreshCredits } from "../credits/credits";
import { formatCredits } from "../credits/format";
import { useErrorToast } from "../credits/use-error-toast";
import { AdminGate } from "./admin-gate";
import { grantBlocked, grantTotal, parseGrantAmount } from "./grant-rules";
import { useUserSearch } from "./user-search";

export const GRANT_HISTORY_KEY = ["/api/admin/direct-grant/history"] as const;

export function DirectGrantPage() {
  const [tab, setTab] = useState<"grant" | "history">("grant");
  return (
    <AdminGate>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Direct Credit Grant</h1>
        <p className="text-slate-600">Grant bonus credits directly to specific users</p>
      </header>
      <Tabs value={tab} onValueChange={(v) => setTab(v as "grant" | "history")}>
        <TabsList aria-label="Direct credit grant">
          <TabsTrigger value="grant">Grant Credits</TabsTrigger>
          <TabsTrigger value="history">Grant History</TabsTrigger>
        </TabsList>
        {/* Kept mounted while hidden: a look at the history must not lose the selection. */}
        <TabsContent value="grant" forceMount className="data-[state=inactive]:hidden">
          <GrantTab />
        </TabsContent>
        <TabsContent value="history">
          {/* Mounted only while its tab is open: the history loads only then (spec §4). */}
          {tab === "history" && <HistoryTab />}
        </TabsContent>
      </Tabs>
    </AdminGate>
  );
}

function GrantTab() {
  const ids = useId();
  const queryClient = useQueryClient();
  const refreshCredits = useRefreshCredits();
  const [searchText, setSearchText] = useState("");
  const search = useUserSearch(searchText);
  const [selected, setSelected] = useState<SearchableUser[]>([]);
  const [amount, setAmount] = useState<number>(DIRECT_GRANT.defaultAmount);
  const [reason, setReason] = useState("");

  const grant = useMutation({
    mutationFn: () =>
      apiPost<DirectGrantResponse>("/api/admin/direct-grant/grant", {
        userIds: selected.map((u) => u.id),
        creditAmount: amount,
        reason: reason.trim(),
      }),
    onSuccess: async (res) => {
      const results = res?.results ?? [];
      const failed = results.filter((r) => !r.success).length;
      if (results.length > 0 && failed === results.length) {
        toast.error("Grant Failed", res.message || "Failed to grant credits");
        return;
      }
      toast.success("Credits Granted Successfully", res.message);
      if (failed > 0) toast.error("Some Grants Failed", `${countOf(failed, "user")} could not receive credits`);
      setSelected([]);
      setAmount(DIRECT_GRANT.defaultAmount);
      setReason("");
      setSearchText("");
      search.clear();
      await refreshQueries(queryClient, { queryKey: GRANT_HISTORY_KEY });
      // The admin may have granted themselves.
      await refreshCredits();
    },
    onError: (err) => toast.error("Grant Failed", errorText(err, "Failed to grant credits")),
  });

  const total = grantTotal(selected.length, amount);
  const blocked = grantBlocked({ selectedCount: selected.length, amount, reason, pending: grant.isPending });
  const isSelected = (u: SearchableUser) => selected.some((s) => s.id === u.id);
  const add = (u: SearchableUser) => setSelected((list) => (list.some((s) => s.id === u.id) ? list : [...list, u]));
  const remove = (id: string) => setSelected((list) => list.filter((u) => u.id !== id));
  const tooShort = searchText.trim().length > 0 && searchText.trim().length < DIRECT_GRANT.searchMinChars;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card role="region" aria-labelledby={`${ids}-select`}>
        <CardHeader>
          <CardTitle id={`${ids}-select`}>Select Users</CardTitle>
          <CardDescription>Search by email or username, then click a user to add them.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-3 size-4 text-slate-500" aria-hidden="true" />
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search by email or username..."
              className="pl-9 pr-9"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              autoComplete="off"
            />
            {search.searching && (
              <span className="absolute right-3 top-3">
                <Spinner label="Searching" />
              </span>
            )}
          </div>
          {tooShort && (
            <p className="text-xs text-slate-600">Type at least {DIRECT_GRANT.searchMinChars} characters to search.</p>
          )}

          {search.results.length > 0 && (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Search results">
              {search.results.map((u) => {
                const already = isSelected(u);
                return (
                  <li key={u.id}>
                    <button
                      type="button"
                      disabled={already}
                      onClick={() => add(u)}
                      className={cn(
                        "flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm",
                        already ? "cursor-default bg-brand-50" : "hover:bg-slate-50",
                      )}
                      aria-label={already ? `${u.username} (selected)` : `Add ${u.username} (${u.email})`}
                    >
                      <span className="min-w-0">
                        <span className="flex items-center gap-1.5 font-medium text-slate-900">
                          {already && <Check className="size-4 text-brand-700" aria-hidden="true" />}
                          {u.username}
                        </span>
                        <span className="block truncate text-slate-600">{u.email}</span>
                      </span>
                      <Badge variant="secondary">{creditCount(u.currentCredits ?? 0)}</Badge>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}

          <section aria-labelledby={`${ids}-selected`} className="space-y-2">
            <h3 id={`${ids}-selected`} className="text-sm font-medium text-slate-800">
              Selected Users ({selected.length})
            </h3>
            {selected.length === 0 ? (
              <p className="text-sm text-slate-600">No users selected yet.</p>
            ) : (
              <ul className="space-y-2" aria-label="Selected users">
                {selected.map((u) => {
                  const before = u.currentCredits ?? 0;
                  return (
                    <li
                      key={u.id}
                      className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
                    >
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">{u.username}</span>
                        <span className="block truncate text-slate-600">{u.email}</span>
                      </span>
                      <span className="flex items-center gap-2">
                        <span className="flex items-center gap-1 whitespace-nowrap tabular-nums text-slate-700">
                          {formatCredits(before)}
                          <ArrowRight className="size-3.5" aria-label="after the grant" />
                          <span className="font-semibold text-emerald-700">{formatCredits(before + amount)}</span>
                        </span>
                        <Button
                          size="icon"
                          variant="ghost"
                          onClick={() => remove(u.id)}
                          aria-label={`Remove ${u.username}`}
                        >
                          <X />
                        </Button>
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </CardContent>
      </Card>

      <Card role="region" aria-labelledby={`${ids}-details`}>
        <CardHeader>
          <CardTitle id={`${ids}-details`}>Grant Details</CardTitle>
          <CardDescription>Every selected user receives the same amount, recorded with your reason.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="space-y-4"
            aria-label="Grant details"
            onSubmit={(e) => {
              e.preventDefault();
              if (!blocked) grant.mutate();
            }}
          >
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-amount`}>Credit Amount per User</Label>
              <Input
                id={`${ids}-amount`}
                type="number"
                inputMode="numeric"
                min={DIRECT_GRANT.minAmount}
                max={DIRECT_GRANT.maxAmount}
                step={1}
                value={amount}
                onChange={(e) => setAmount(parseGrantAmount(e.target.value))}
                aria-describedby={`${ids}-amount-hint`}
                aria-invalid={amount <= 0 || amount > DIRECT_GRANT.maxAmount ? true : undefined}
              />
              <p
                id={`${ids}-amount-hint`}
                className={cn(
                  "text-xs",
                  amount > DIRECT_GRANT.maxAmount || amount <= 0 ? "text-red-700" : "text-slate-600",
                )}
              >
                From {DIRECT_GRANT.minAmount} to {formatCredits(DIRECT_GRANT.maxAmount)} credits per user.
              </p>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-reason`}>Reason for Grant</Label>
              <Textarea
                id={`${ids}-reason`}
                rows={3}
                maxLength={DIRECT_GRANT.reasonMax}
                placeholder="e.g. Compensation for the outage on March 3"
                value={reason}
                onChange={(e) => setReason(e.target.value.slice(0, DIRECT_GRANT.reasonMax))}
                aria-describedby={`${ids}-reason-count`}
              />
              <p id={`${ids}-reason-count`} className="text-right text-xs text-slate-600">
                {reason.length}/{DIRECT_GRANT.reasonMax}
              </p>
            </div>

            {selected.length > 0 && (
              <div className="rounded-lg bg-slate-50 p-4 text-sm" data-testid="grant-summary">
                <h3 className="mb-2 font-medium text-slate-900">Summary</h3>
                <dl className="grid grid-cols-[1fr_auto] gap-y-1">
                  <dt className="text-slate-600">Recipients</dt>
                  <dd className="text-right tabular-nums">{selected.length}</dd>
                  <dt className="text-slate-600">Credits per user</dt>
                  <dd className="text-right tabular-nums">{formatCredits(amount)}</dd>
                  <dt className="font-medium text-slate-900">Total credits</dt>
                  <dd className="text-right font-semibold tabular-nums">{formatCredits(total)}</dd>
                </dl>
              </div>
            )}

            <Button
              type="submit"
              className="w-full"
              disabled={blocked !== null}
              aria-describedby={blocked && !grant.isPending ? `${ids}-blocked` : undefined}
            >
              {grant.isPending ? <Spinner label="Granting credits" /> : <Gift aria-hidden="true" />}
              {grant.isPending ? "Granting Credits..." : `Grant ${formatCredits(total)} Credits`}
            </Button>
            {/* A disabled button always says why, on screen (a tooltip is not enough on touch). */}
            {blocked && !grant.isPending && (
              <p id={`${ids}-blocked`} className="text-center text-xs text-slate-700" data-testid="grant-blocked">
                {blocked}.
              </p>
            )}
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

function HistoryTab() {
  const history = useQuery<GrantHistoryResponse>({ queryKey: GRANT_HISTORY_KEY, ...FRESH_ON_MOUNT });
  useErrorToast(history.error, "Failed to fetch history");

  return (
    <Card role="region" aria-labelledby="grant-history-title">
      <CardHeader>
        <CardTitle id="grant-history-title">Grant History</CardTitle>
        <CardDescription>Recent direct credit grants</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={history}
          loading="Loading grant history"
          error="Failed to fetch history."
          isEmpty={(d) => d.history.length === 0}
          empty="No grant history yet"
        >
          {({ history: entries }) => (
            <ul className="divide-y divide-slate-100" aria-label="Grant history">
              {entries.map((h) => (
                <li
                  key={h.id}
                  className="flex items-start justify-between gap-4 py-3 text-sm"
                  data-testid="grant-entry"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{h.username}</p>
                    <p className="truncate text-slate-600">{h.email}</p>
                    <p className="mt-1 text-slate-700">Reason: {h.reason}</p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="font-semibold text-emerald-700">+{creditCount(h.creditsGranted)}</p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={h.grantedAt}>{format(new Date(h.grantedAt), DIRECT_GRANT.dateFormat)}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

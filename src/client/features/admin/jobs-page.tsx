// /admin/jobs (issue 27): the batch queue at a glance — jobs by state, the oldest one waiting,
// whether workers are alive, and recent failures with their reasons. Refreshed every few seconds.
import { useQuery } from "@tanstack/react-query";
import type { AdminJobsResponse } from "../../../shared/batches";
import { countOf } from "../../../shared/plural";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { apiGet } from "../../lib/api";
import { errorText } from "../../lib/errors";
import { AdminGate } from "./admin-gate";

const REFRESH_MS = 5000;

export function JobsPage() {
  return (
    <AdminGate>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Jobs</h1>
        <p className="text-slate-600">The batch queue: what waits, what runs, what failed.</p>
      </header>
      <JobsState />
    </AdminGate>
  );
}

function JobsState() {
  const q = useQuery({
    queryKey: ["/api/admin/jobs"],
    queryFn: () => apiGet<AdminJobsResponse>("/api/admin/jobs"),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
  });
  if (q.isPending) return <Spinner label="Loading the queue" />;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorText(q.error, "Could not load the queue")}
      </p>
    );
  const s = q.data;
  return (
    <div className="space-y-4" data-testid="admin-jobs">
      <Card>
        <CardHeader>
          <CardTitle>Queue “{s.queue}”</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm text-slate-800">
          <ul className="flex flex-wrap gap-3">
            {Object.entries(s.counts).map(([state, n]) => (
              <li key={state} className="rounded-md bg-slate-100 px-2 py-1">
                {state}: <span className="font-semibold tabular-nums">{n}</span>
              </li>
            ))}
          </ul>
          <p>Oldest queued: {s.oldestQueuedAt ? new Date(s.oldestQueuedAt).toLocaleString() : "nothing waiting"}</p>
          <p>
            Workers: {s.workers.alive > 0 ? `${countOf(s.workers.alive, "process", "processes")} alive` : "none alive"}
            {s.workers.lastSeenAt ? `, last heard ${new Date(s.workers.lastSeenAt).toLocaleTimeString()}` : ""}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Recent failures</CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          {s.failures.length === 0 ? (
            <p className="text-slate-600">No failed jobs.</p>
          ) : (
            <ul className="space-y-1">
              {s.failures.map((f) => (
                <li key={f.id}>
                  <time dateTime={f.at}>{new Date(f.at).toLocaleString()}</time>: {f.reason}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

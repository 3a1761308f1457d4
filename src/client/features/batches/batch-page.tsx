// A batch (/batches/:id, issue 27): live progress (polled while it runs), each row's status, verdict
// and score with a link to its document; start, pause, resume, cancel, retry a failed row; the ZIP
// (Markdown and HTML per row) and the CSV summary.
import { Download, Loader2 } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { type BatchResponse, ROW_STATUSES } from "../../../shared/batches";
import { countOf, creditCount } from "../../../shared/plural";
import { documentPath, PAGE_ROUTES } from "../../../shared/routes";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { errorText } from "../../lib/errors";
import { queryClient } from "../../lib/query";
import { refreshQueries } from "../../lib/refresh";
import { SignedIn } from "../auth/signed-in";
import { BATCH_KEY, batchAction, downloadBatchFile, retryRow, useBatch } from "./api";
import { BatchesSignedOut } from "./signed-out";

export function BatchPage() {
  return (
    <SignedIn signedOut={<BatchesSignedOut />}>
      <BatchView />
    </SignedIn>
  );
}

const STATUS_LABELS: Record<string, string> = {
  draft: "Not started",
  running: "Running",
  paused: "Paused",
  done: "Done",
  cancelled: "Cancelled",
  queued: "Queued",
  failed: "Failed",
};

/** "3 min", "45 s": a duration in words a person reads at a glance. */
function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 90 ? countOf(s, "second") : countOf(Math.round(s / 60), "minute");
}

function BatchView() {
  const { id = "" } = useParams();
  const query = useBatch(id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  if (query.isPending) return <Spinner label="Loading the batch" />;
  if (query.isError)
    return (
      <Card className="mx-auto max-w-xl">
        <CardContent className="space-y-3 p-6 text-sm">
          <p role="alert">{errorText(query.error, "Could not load this batch")}</p>
          <Link to={PAGE_ROUTES.documents} className="text-brand-800 underline">
            Back to documents
          </Link>
        </CardContent>
      </Card>
    );
  const { batch, rows } = query.data;

  const act = async (label: string, work: () => Promise<unknown>) => {
    setError(null);
    setBusy(label);
    try {
      await work();
      await refreshQueries(queryClient, { queryKey: BATCH_KEY(id) });
    } catch (err) {
      setError(errorText(err, `Could not ${label.toLowerCase()}`));
    } finally {
      setBusy(null);
    }
  };
  const control = (action: "start" | "pause" | "resume" | "cancel", label: string, variant?: "outline") => (
    <Button variant={variant} disabled={busy !== null} onClick={() => void act(label, () => batchAction(id, action))}>
      {busy === label && <Loader2 className="animate-spin" aria-hidden="true" />} {label}
    </Button>
  );

  const c = batch.counts;
  const total = rows.length;
  const finished = c.done + c.failed + c.cancelled;
  const started = batch.startedAt ? new Date(batch.startedAt).getTime() : null;
  const end = batch.finishedAt ? new Date(batch.finishedAt).getTime() : Date.now();
  const elapsed = started ? end - started : 0;
  const left = started && c.done > 0 && batch.status === "running" ? (elapsed / c.done) * (total - finished) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{batch.name}</h1>
          <p className="text-sm text-slate-600">
            <Badge variant="secondary" data-testid="batch-status">
              {STATUS_LABELS[batch.status]}
            </Badge>{" "}
            {countOf(total, "row")} · {creditCount(batch.creditsSpent)} spent of about{" "}
            {creditCount(batch.estimateCredits)}
            {started ? ` · ${duration(elapsed)} elapsed` : ""}
            {left !== null ? ` · about ${duration(left)} left` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {batch.status === "draft" && control("start", "Start")}
          {batch.status === "running" && control("pause", "Pause", "outline")}
          {batch.status === "paused" && control("resume", "Resume")}
          {(batch.status === "running" || batch.status === "paused" || batch.status === "draft") &&
            control("cancel", "Cancel batch", "outline")}
          <Button variant="outline" onClick={() => void act("Download", () => downloadBatchFile(id, "export.zip"))}>
            <Download aria-hidden="true" /> ZIP
          </Button>
          <Button variant="outline" onClick={() => void act("Download", () => downloadBatchFile(id, "summary.csv"))}>
            <Download aria-hidden="true" /> CSV summary
          </Button>
        </div>
      </div>
      <ul
        className="flex flex-wrap gap-3 text-sm text-slate-700"
        aria-label="Rows by status"
        data-testid="batch-counts"
      >
        {ROW_STATUSES.map((s) => (
          <li key={s} className="rounded-md bg-slate-100 px-2 py-1">
            {STATUS_LABELS[s]}: <span className="font-semibold tabular-nums">{c[s]}</span>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Card>
        <CardContent className="p-0">
          <Table aria-label="Rows" data-testid="batch-rows">
            <TableHeader>
              <TableRow>
                <TableHead>Line</TableHead>
                <TableHead>Topic</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Verdict</TableHead>
                <TableHead>Credits</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <RowLine
                  key={r.id}
                  row={r}
                  onRetry={() => void act("Retry", () => retryRow(id, r.id))}
                  busy={busy !== null}
                />
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

function RowLine({ row, onRetry, busy }: { row: BatchResponse["rows"][number]; onRetry: () => void; busy: boolean }) {
  return (
    <TableRow data-testid="batch-row">
      <TableCell className="px-4 py-3 tabular-nums">{row.line}</TableCell>
      <TableCell className="max-w-md px-4 py-3">
        {row.documentId ? (
          <Link to={documentPath(row.documentId)} className="font-medium text-brand-800 hover:underline">
            {row.topic}
          </Link>
        ) : (
          row.topic
        )}
        {row.error && <p className="text-xs text-red-700">{row.error}</p>}
      </TableCell>
      <TableCell className="whitespace-nowrap px-4 py-3" data-testid="batch-row-status">
        {STATUS_LABELS[row.status]}
        {row.status === "running" ? ` (${row.step})` : ""}
      </TableCell>
      <TableCell className="whitespace-nowrap px-4 py-3">
        {row.verdict
          ? `${row.verdict}${row.aiPercentage !== null ? ` · ${Math.round(row.aiPercentage)}% AI` : ""}`
          : "—"}
      </TableCell>
      <TableCell className="px-4 py-3 tabular-nums">{row.creditsSpent}</TableCell>
      <TableCell className="px-4 py-3 text-right">
        {row.status === "failed" && (
          <Button size="sm" variant="outline" disabled={busy} onClick={onRetry}>
            Retry
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

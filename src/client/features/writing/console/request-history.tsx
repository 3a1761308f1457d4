// Request History (spec §2, §3): the caller's past requests, newest first. Loaded once and refreshed
// after each execute and reset by invalidating HISTORY_KEY; there is no polling (spec §4). Each entry
// links to the document its output was saved to (issue 10).
import { format } from "date-fns";
import { FileText, History } from "lucide-react";
import { Link } from "react-router";
import { formatNumber } from "../../../../shared/number-text";
import { documentPath } from "../../../../shared/routes";
import { OFFLINE_MODEL, OFFLINE_WRITER_LABEL } from "../../../../shared/writer-label";
import type { HistoryItem, WritingEndpoint } from "../../../../shared/writing";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useAuth } from "../../auth/auth-context";
import { useHistory } from "../api";
import { MODEL_LABELS } from "./session-defaults";

const ENDPOINT_LABELS: Record<WritingEndpoint, string> = {
  execute: "Draft",
  revise: "Revision",
  "final-rewrite": "Final rewrite",
  "revise-text": "Revised text",
};

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, "MMM d, yyyy HH:mm");
}

export function RequestHistory({ className }: { className?: string }) {
  const { user } = useAuth();
  const history = useHistory({ enabled: Boolean(user) });
  const items = history.data ?? [];

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-slate-600" aria-hidden="true" />
          Request History
        </CardTitle>
        <CardDescription>Your recent requests, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {!user ? (
          <p className="text-sm text-slate-600">Sign in to see your requests.</p>
        ) : history.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner label="Loading request history" />
          </div>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Could not load your request history.
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">No requests yet</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Past requests" data-testid="request-history">
            {items.map((item) => (
              <HistoryRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryRow({ item }: { item: HistoryItem }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      {item.documentId ? (
        <Link
          to={documentPath(item.documentId)}
          className="line-clamp-2 break-words text-sm font-medium text-brand-800 hover:underline"
          data-testid="history-document-link"
        >
          <FileText className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          {item.contentType}
          <span className="sr-only"> (open its document)</span>
        </Link>
      ) : (
        <p className="line-clamp-2 break-words text-sm font-medium text-slate-900">{item.contentType}</p>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        <Badge variant="secondary">{ENDPOINT_LABELS[item.endpoint] ?? item.endpoint}</Badge>
        <span>
          {item.model === OFFLINE_MODEL
            ? OFFLINE_WRITER_LABEL
            : `${MODEL_LABELS[item.aiProvider]} (${item.aiProvider})`}
        </span>
        <span>{formatNumber(item.responseTime)} ms</span>
        <span>For {item.currentDate}</span>
        <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
      </div>
    </li>
  );
}

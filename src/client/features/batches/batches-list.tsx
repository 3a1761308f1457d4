// The user's batches, listed under Documents: each a folder of ordinary documents.
import { Layers } from "lucide-react";
import { Link } from "react-router";
import { countOf } from "../../../shared/plural";
import { batchPath, PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { useBatches } from "./api";

export function BatchesList() {
  const batches = useBatches();
  const list = batches.data?.batches ?? [];
  return (
    <section aria-label="Batches" className="space-y-2" data-testid="batches-list">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Batches</h2>
        <Button asChild size="sm" variant="outline">
          <Link to={PAGE_ROUTES.newBatch}>New batch</Link>
        </Button>
      </div>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">No batches yet: write many drafts from a list of topics at once.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {list.map((b) => {
            const total = Object.values(b.counts).reduce((n, x) => n + x, 0);
            return (
              <li key={b.id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <Link
                  to={batchPath(b.id)}
                  className="flex items-center gap-2 font-medium text-brand-800 hover:underline"
                >
                  <Layers className="size-4" aria-hidden="true" /> {b.name}
                </Link>
                <span className="text-slate-600">
                  {countOf(b.counts.done, "row")} of {total} done · {b.status}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

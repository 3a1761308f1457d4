// The Transactions tab: the caller's newest 20 ledger entries with signed amounts and the balance after.
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import type { TransactionsResponse } from "../../../shared/billing";
import { QueryState } from "../../components/query-state";
import { Badge } from "../../components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { cn } from "../../lib/cn";
import { FRESH_ON_MOUNT } from "../../lib/query";
import { TRANSACTIONS_KEY } from "../credits/credits";
import { formatCredits, formatSignedCredits } from "../credits/format";
import { useErrorToast } from "../credits/use-error-toast";

const TYPE_LABELS: Record<
  string,
  { label: string; variant: "success" | "default" | "secondary" | "warning" | "danger" }
> = {
  purchase: { label: "Purchase", variant: "success" },
  bonus: { label: "Bonus", variant: "default" },
  grant: { label: "Grant", variant: "default" },
  usage: { label: "Usage", variant: "secondary" },
  refund: { label: "Refund", variant: "warning" },
  reversal: { label: "Reversal", variant: "danger" },
};

export const DATE_TIME = "MMM d, yyyy HH:mm";

export function TransactionsTab() {
  const history = useQuery<TransactionsResponse>({ queryKey: TRANSACTIONS_KEY, ...FRESH_ON_MOUNT });
  useErrorToast(history.error, "Failed to load transactions");

  return (
    <QueryState
      query={history}
      loading="Loading transactions"
      error="Failed to load transactions."
      isEmpty={(d) => d.transactions.length === 0}
      empty="No transactions yet."
    >
      {(data) => <TransactionsTable rows={data.transactions} />}
    </QueryState>
  );
}

function TransactionsTable({ rows }: { rows: TransactionsResponse["transactions"] }) {
  return (
    <Table stacked aria-label="Transactions" containerClassName="rounded-xl border border-slate-200 bg-white">
      <TableCaption className="sr-only">Your most recent credit transactions, newest first</TableCaption>
      <TableHeader>
        <TableRow className="border-0">
          <TableHead>Date</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Description</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Balance after</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((t) => {
          const type = TYPE_LABELS[t.type] ?? { label: t.type, variant: "secondary" as const };
          return (
            <TableRow key={t.id}>
              <TableCell label="Date" className="whitespace-nowrap text-slate-700">
                <time dateTime={t.createdAt}>{format(new Date(t.createdAt), DATE_TIME)}</time>
              </TableCell>
              <TableCell label="Type">
                <Badge variant={type.variant}>{type.label}</Badge>
              </TableCell>
              <TableCell label="Description" className="text-slate-700">
                {t.description}
              </TableCell>
              <TableCell
                label="Amount"
                className={cn(
                  "whitespace-nowrap text-right font-semibold tabular-nums",
                  t.amount > 0 ? "text-emerald-700" : t.amount < 0 ? "text-red-700" : "text-slate-700",
                )}
              >
                {formatSignedCredits(t.amount)}
              </TableCell>
              <TableCell label="Balance after" className="whitespace-nowrap text-right tabular-nums text-slate-900">
                {formatCredits(t.balanceAfter)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

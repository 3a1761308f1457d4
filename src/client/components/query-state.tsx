// The three states every list screen shows before its content, written once: a labelled spinner
// while the first answer loads, a red alert (with Try again when asked) when it failed, and a quiet
// line when there is nothing yet. `children` renders the data otherwise.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** The spinner's accessible label ("Loading transactions"). */
  loading: string;
  /** The alert's text ("Failed to load transactions."). */
  error: ReactNode;
  /** Offer 'Try again' (a refetch) beside the error. */
  retry?: boolean;
  /** Whether the answer has nothing to show; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, loading, error, retry, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner className="size-6" label={loading} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        {error}
        {retry && (
          <>
            {" "}
            <Button variant="link" className="h-auto p-0" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </>
        )}
      </p>
    );
  }
  if (isEmpty?.(query.data)) return <p className="p-6 text-center text-sm text-slate-600">{empty}</p>;
  return <>{children(query.data)}</>;
}

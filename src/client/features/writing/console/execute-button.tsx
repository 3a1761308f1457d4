// The console's submit button (spec §2, §4): its label and colour follow the last call —
// pending blue, success green with the milliseconds, error red.
import { CheckCircle2, Play, RotateCcw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";

export type ExecuteState =
  | { status: "idle" }
  | { status: "pending" }
  | { status: "success"; ms: number }
  | { status: "error" };

const STYLES: Record<ExecuteState["status"], string> = {
  idle: "",
  pending: "bg-blue-700 hover:bg-blue-700 disabled:opacity-100",
  success: "bg-emerald-700 hover:bg-emerald-800",
  error: "bg-red-700 hover:bg-red-800",
};

export function ExecuteButton({ state }: { state: ExecuteState }) {
  return (
    <Button
      type="submit"
      size="lg"
      className={cn("w-full", STYLES[state.status])}
      disabled={state.status === "pending"}
      aria-busy={state.status === "pending"}
      data-state={state.status}
    >
      {state.status === "pending" ? (
        <>
          <Spinner label="Executing" className="text-white" />
          Executing API Call...
        </>
      ) : state.status === "success" ? (
        <>
          <CheckCircle2 aria-hidden="true" />
          Completed ({state.ms}ms)
        </>
      ) : state.status === "error" ? (
        <>
          <RotateCcw aria-hidden="true" />
          Execution Failed - Retry
        </>
      ) : (
        <>
          <Play aria-hidden="true" />
          Execute API Call
        </>
      )}
    </Button>
  );
}

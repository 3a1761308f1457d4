// The Results screen's progress view (spec §4): the four phases, the bar (simulated, capped at 90
// until the answer), the rotating status line, and the draft itself as the stream writes it.
import { Check, Loader2, TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import type { StreamStart } from "../api";
import { Markdown } from "../markdown";
import { PHASES, phaseFor, statusMessage } from "../progress";
import { WriterNote } from "../writer-note";

export function ProgressView({
  prompt,
  progress,
  rotation,
  streamed,
  start,
  complete,
  failed,
}: {
  prompt: string;
  progress: number;
  rotation: number;
  streamed: string;
  start: StreamStart | null;
  complete: boolean;
  failed: boolean;
}) {
  const phase = phaseFor(progress);
  const phaseIndex = PHASES.findIndex((p) => p.id === phase);
  const status = failed
    ? "The draft could not be written. Taking you back to your prompt…"
    : complete
      ? "Your draft is ready."
      : statusMessage(phase, rotation);
  const preview = useRef<HTMLDivElement>(null);

  // Keep the newest words in view while the draft streams in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new piece of text
  useEffect(() => {
    const el = preview.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [streamed]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="flex items-center gap-2">
              {failed ? (
                <TriangleAlert className="size-5 text-red-700" aria-hidden="true" />
              ) : complete ? (
                <Check className="size-5 text-emerald-700" aria-hidden="true" />
              ) : (
                <Loader2 className="size-5 animate-spin text-brand-700" aria-hidden="true" />
              )}
              {failed ? "Generation stopped" : complete ? "Draft complete" : "Writing your draft"}
            </span>
          </CardTitle>
          <CardDescription className="line-clamp-3">{prompt}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Progress phases">
            {PHASES.map((p, i) => {
              const done = complete || i < phaseIndex;
              const active = !complete && i === phaseIndex;
              return (
                <li
                  key={p.id}
                  aria-current={active ? "step" : undefined}
                  className={cn(
                    "flex items-center gap-2 rounded-lg border px-3 py-2 text-sm",
                    done && "border-emerald-200 bg-emerald-50 text-emerald-900",
                    active && "border-brand-200 bg-brand-50 font-medium text-brand-900",
                    !done && !active && "border-slate-200 text-slate-600",
                  )}
                >
                  <span
                    className={cn(
                      "flex size-5 shrink-0 items-center justify-center rounded-full text-xs",
                      done ? "bg-emerald-700 text-white" : active ? "bg-brand-700 text-white" : "bg-slate-200",
                    )}
                    aria-hidden="true"
                  >
                    {done ? <Check className="size-3" /> : i + 1}
                  </span>
                  {p.label}
                  <span className="sr-only">{done ? " (done)" : active ? " (in progress)" : ""}</span>
                </li>
              );
            })}
          </ol>

          <div className="space-y-2">
            <div
              role="progressbar"
              aria-label="Draft progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress)}
              className="h-2.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className={cn(
                  "h-full rounded-full transition-[width] duration-100 ease-linear",
                  failed ? "bg-red-600" : complete ? "bg-emerald-600" : "bg-brand-600",
                )}
                style={{ width: `${progress}%` }}
              />
            </div>
            <div className="flex items-center justify-between gap-3 text-sm">
              <p role="status" className="text-slate-700" data-testid="progress-status">
                {status}
              </p>
              <span className="tabular-nums text-slate-600" aria-hidden="true">
                {Math.round(progress)}%
              </span>
            </div>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="text-base">Live draft</CardTitle>
          {start && <WriterNote writer={start.writer} model={start.model} />}
        </CardHeader>
        <CardContent>
          <section
            ref={preview}
            className="max-h-[28rem] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-2"
            aria-live="polite"
            aria-label="Draft as it is written"
            data-testid="streamed-draft"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
          >
            {streamed ? (
              <Markdown text={streamed} />
            ) : (
              <p className="py-6 text-center text-sm text-slate-600">
                The first words appear here as they are written.
              </p>
            )}
          </section>
        </CardContent>
      </Card>
    </div>
  );
}

// A text shown in a panel: with the detector's highlights once it has been analysed, formatted from
// its markdown before that. Who wrote it is said plainly (the offline writer is never passed off as AI).
import type { DetectionResult } from "../../../../shared/detection";
import { formatNumber } from "../../../../shared/number-text";
import { countOf } from "../../../../shared/plural";
import { countMarkdownWords } from "../../../../shared/text";
import { HighlightedDraft } from "../../detection";
import { Markdown } from "../markdown";
import type { DraftResult } from "../types";
import { WriterNote } from "../writer-note";
import { TextBox } from "./panel";

export function DraftView({
  text,
  detection,
  label,
  compact = false,
  className,
}: {
  text: string;
  detection?: DetectionResult | null;
  label: string;
  /** Side by side: no legend or document-level notes above the text. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <TextBox label={label} className={className}>
      {detection?.success ? (
        <HighlightedDraft
          text={text}
          result={detection}
          label={`${label} with AI highlights`}
          showLegend={!compact}
          showDocumentReasons={!compact}
        />
      ) : (
        <Markdown text={text} />
      )}
    </TextBox>
  );
}

/** The writer line and the call's figures under a result. */
export function ResultMeta({ result }: { result: DraftResult }) {
  // Counted as everywhere else (the stat cards, the detector): one number for the same text.
  const words = countMarkdownWords(result.draft);
  return (
    <div className="space-y-1">
      <WriterNote writer={result.writer} model={result.model} />
      <p className="text-xs text-slate-600">
        {countOf(words, "word")}
        {result.responseTime !== undefined && <> · {formatNumber(result.responseTime)} ms</>}
        {result.creditsUsed !== undefined && (
          <>
            {" "}
            · {result.creditsUsed} {result.creditsUsed === 1 ? "credit" : "credits"}
          </>
        )}
      </p>
    </div>
  );
}

// The Final Enhanced Text block of the console's SEO HTML Optimization part (spec §2): the revised
// text after Enhance, with its AI analysis, Enhance Again, Copy, SEO Optimize and Close.
import { ClipboardCopy, Code2, Wand2, X } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { copyToClipboard, ImprovementSummary, StatCards } from "../../detection";
import { DraftView, ResultMeta } from "./draft-view";
import { Panel, type PanelStatus } from "./panel";
import type { ReviseTextTool } from "./use-revise-text-tool";

export function FinalEnhancedText({ tool, onSeo }: { tool: ReviseTextTool; onSeo: (text: string) => void }) {
  const enhanced = tool.enhanced;
  if (!enhanced) return null;
  const analysis = tool.enhancedDetection;
  const enhancing = tool.busy === "enhance";
  const status: PanelStatus = enhancing
    ? "Writing"
    : analysis.pending
      ? "Analyzing"
      : analysis.result?.success
        ? "Complete"
        : analysis.result
          ? "Unavailable"
          : "Ready";
  return (
    <Panel
      title="Final Enhanced Text"
      description="Your revised text after a PROSE final revision, analysed again."
      status={status}
      focusKey={enhanced.requestId ?? null}
      testId="final-enhanced-text"
    >
      <ResultMeta result={enhanced} />
      <section aria-label="AI analysis of the final enhanced text" className="space-y-3">
        <StatCards result={analysis.result} loading={analysis.pending} />
        <ImprovementSummary before={tool.revisedDetection.result} after={analysis.result} loading={analysis.pending} />
      </section>
      <DraftView
        text={enhanced.draft}
        detection={analysis.result}
        label="Final enhanced text"
        className="sm:max-h-96"
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void tool.enhance()} disabled={tool.busy !== null || analysis.pending}>
          {enhancing ? <Spinner label="Enhancing" /> : <Wand2 aria-hidden="true" />}
          {enhancing ? "Enhancing…" : "Enhance Again"}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void copyToClipboard(enhanced.draft, { success: "Final enhanced text copied to the clipboard" })
          }
        >
          <ClipboardCopy aria-hidden="true" /> Copy
        </Button>
        <Button size="sm" variant="outline" onClick={() => onSeo(enhanced.draft)} disabled={tool.busy !== null}>
          <Code2 aria-hidden="true" /> SEO Optimize
        </Button>
        <Button size="sm" variant="ghost" onClick={tool.closeEnhanced}>
          <X aria-hidden="true" /> Close
        </Button>
      </div>
    </Panel>
  );
}

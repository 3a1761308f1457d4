// Revise Existing Text (PROSE Only), spec §2: paste text, pick a provider, revise; the revised text
// is analysed 500 ms later; Enhance Content (then Enhance Again), Copy, Analyze AI Content, Close.
import { ClipboardCopy, ScanSearch, Sparkles, Wand2, X } from "lucide-react";
import { useId } from "react";
import { AI_PROVIDERS, FIXED_API_PARAMETERS } from "../../../../shared/limits";
import type { AiProvider } from "../../../../shared/writing";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { NativeSelect, Textarea } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { StatCards } from "../../detection";
import { DraftView, ResultMeta } from "./draft-view";
import { Panel } from "./panel";
import type { ReviseTextTool } from "./use-revise-text-tool";

/** The provider select's labels (spec §2; GPT-5, not GPT-4o, as the models are labelled everywhere). */
export const REVISE_TEXT_PROVIDER_LABELS: Record<AiProvider, string> = {
  anthropic: `Anthropic ${FIXED_API_PARAMETERS.anthropic.label}`,
  openai: `OpenAI ${FIXED_API_PARAMETERS.openai.label}`,
};

export function ReviseTextCard({ tool }: { tool: ReviseTextTool }) {
  const ids = useId();
  const blank = !tool.text.trim();
  const revising = tool.busy === "revise";
  const enhancing = tool.busy === "enhance";
  const analysis = tool.revisedDetection;

  return (
    <Panel
      title="Revise Existing Text (PROSE Only)"
      description="Paste text you already have. It is revised under the PROSE guidelines only — no new facts, no new sections."
      status={
        revising
          ? "Writing"
          : tool.revised
            ? analysis.pending
              ? "Analyzing"
              : analysis.result
                ? "Complete"
                : "Ready"
            : undefined
      }
      focusKey={tool.revised?.requestId ?? null}
      testId="revise-text-tool"
    >
      <form
        className="space-y-3"
        aria-label="Revise existing text"
        onSubmit={(e) => {
          e.preventDefault();
          void tool.revise();
        }}
      >
        <Field id={`${ids}-text`} label="Text to revise" hint="Ctrl+Enter revises.">
          <Textarea
            id={`${ids}-text`}
            aria-describedby={`${ids}-text-hint`}
            rows={6}
            value={tool.text}
            placeholder="Paste the text you want revised…"
            onChange={(e) => tool.setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void tool.revise();
              }
            }}
          />
        </Field>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field id={`${ids}-provider`} label="Provider" className="sm:flex-1">
            <NativeSelect
              id={`${ids}-provider`}
              value={tool.provider}
              onChange={(e) => tool.setProvider(e.target.value as AiProvider)}
            >
              {AI_PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {REVISE_TEXT_PROVIDER_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button type="submit" disabled={blank || tool.busy !== null} className="sm:w-auto">
            {revising ? <Spinner label="Revising" /> : <Sparkles aria-hidden="true" />}
            {revising ? "Revising…" : "Revise with PROSE"}
          </Button>
        </div>
        {blank && <p className="text-xs text-slate-600">Paste or type the text to revise first.</p>}
      </form>

      {tool.revised && (
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-800">Revised text</h3>
          <ResultMeta result={tool.revised} />
          <DraftView
            text={tool.revised.draft}
            detection={analysis.result}
            label="Revised text"
            className="sm:max-h-96"
          />
          <StatCards result={analysis.result} loading={analysis.pending} />
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={tool.revised ? "default" : "outline"}
          onClick={() => void tool.enhance()}
          disabled={tool.busy !== null}
        >
          {enhancing ? <Spinner label="Enhancing" /> : <Wand2 aria-hidden="true" />}
          {enhancing ? "Enhancing…" : tool.enhanced ? "Enhance Again" : "Enhance Content"}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void tool.copy()}>
          <ClipboardCopy aria-hidden="true" /> Copy
        </Button>
        <Button size="sm" variant="outline" onClick={tool.analyze} disabled={analysis.pending}>
          <ScanSearch aria-hidden="true" /> Analyze AI Content
        </Button>
        {tool.revised && (
          <Button size="sm" variant="ghost" onClick={tool.closeRevised}>
            <X aria-hidden="true" /> Close
          </Button>
        )}
      </div>
    </Panel>
  );
}

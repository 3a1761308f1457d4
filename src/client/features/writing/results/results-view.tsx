// The Results screen once the draft is in (spec §2): stat cards; the Draft, Final and SEO HTML tabs
// (Final once a final exists, SEO HTML once HTML exists); Copy draft, Analyze AI content and
// Generate final version; the AI Detection Analysis panel with Revise Content; the SEO section; Back.
import { ArrowLeft, ClipboardCopy, FileCheck2, FilePen, Files, Loader2, ScanSearch, Wand2 } from "lucide-react";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { documentPath, PAGE_ROUTES } from "../../../../shared/routes";
import type { SeoPlatform } from "../../../../shared/seo";
import { countMarkdownWords } from "../../../../shared/text";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { PendingButton } from "../../../components/ui/pending-button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { revealIfHidden } from "../../../lib/reveal";
import { toast } from "../../../lib/toast";
import { DETECTION_COST, writingCost } from "../../credits/estimates";
import { DetectionPanel, detectAi, ImprovementSummary, StatCards } from "../../detection";
import { EditText } from "../../documents/edit-text";
import { buildPreviewDocument, SeoPanel } from "../../seo";
import { Markdown } from "../markdown";
import type { ResultsRestore } from "../restore";
import type { DraftResult } from "../types";
import { WriterNote } from "../writer-note";
import { DraftText, type TextMode, TextModeToggle } from "./draft-text";
import { flaggedSentences, type ResultsContext, useResultsSession } from "./use-results-session";

type Tab = "draft" | "final" | "html";

/** The SEO HTML tab's content: the latest HTML made here, or kept in the document. */
interface SeoHtml {
  optimizedHtml: string;
  platform: SeoPlatform;
  metaTitle: string;
}

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Copied", `The ${what} is on your clipboard.`);
  } catch {
    toast.error("Copy failed", `Could not copy the ${what}. Select the text and copy it by hand.`);
  }
}

export function ResultsView({
  context,
  initial,
  restored,
  autoDetect,
}: {
  context: ResultsContext;
  initial: DraftResult;
  restored?: ResultsRestore | null;
  autoDetect: boolean;
}) {
  const s = useResultsSession({ context, initial, restored, autoDetect, detect: detectAi });
  const [tab, setTab] = useState<Tab>("draft");
  // After Generate SEO: the HTML tab, brought into view when the panel's button is far below it (a phone).
  const tabsRef = useRef<HTMLDivElement>(null);
  const htmlTabRef = useRef<HTMLButtonElement>(null);
  const [htmlMade, setHtmlMade] = useState(0);
  useEffect(() => {
    if (htmlMade) revealIfHidden(tabsRef.current, htmlTabRef.current);
  }, [htmlMade]);
  const [mode, setMode] = useState<TextMode>("highlights");
  const [editing, setEditing] = useState(false);
  const [seo, setSeo] = useState<SeoHtml | null>(restored?.seo ?? null);
  const html = seo?.optimizedHtml ?? null;

  const detectingDraft = s.busy.has("detect-draft");
  const detectingFinal = s.busy.has("detect-final");
  const revising = s.busy.has("revise");
  const writingFinal = s.busy.has("final");
  const flagged = flaggedSentences(s.draftDetection);
  const seoSource = s.final?.draft ?? s.draft.draft;
  // One answer to "which version are we looking at": the stat cards and the analysis panel both
  // describe it, and both say so. The Final tab shows the final version; so does the SEO HTML tab
  // once a final exists (its HTML is made from the final); otherwise the draft.
  const viewed =
    s.final && (tab === "final" || tab === "html")
      ? {
          label: "Final version",
          text: s.final.draft,
          detection: s.finalDetection,
          loading: detectingFinal,
        }
      : { label: "Draft", text: s.draft.draft, detection: s.draftDetection, loading: detectingDraft };
  const viewingDraft = viewed.label === "Draft";

  const finalHint = detectingDraft
    ? "Waiting for the AI analysis…"
    : !s.draftDetection
      ? "Analyze the draft first: the final version rewrites the flagged sentences."
      : flagged.length === 0
        ? "No sentences were flagged, so there is nothing for a final rewrite to fix."
        : null;

  const onGenerateFinal = async () => {
    setTab("final");
    const ok = await s.generateFinal();
    if (!ok && !s.final) setTab("draft");
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <Link to={context.ownText ? PAGE_ROUTES.check : PAGE_ROUTES.product}>
              <ArrowLeft aria-hidden="true" /> Back
            </Link>
          </Button>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {context.ownText ? "Your text" : "Your draft"}
          </h1>
          <p className="line-clamp-2 max-w-3xl text-sm text-slate-600">
            <span className="font-medium text-slate-700">{context.ownText ? "Title: " : "Prompt: "}</span>
            {context.prompt}
          </p>
        </div>
        {s.documentId && (
          <Button asChild variant="outline" size="sm" className="self-start">
            <Link to={documentPath(s.documentId)}>
              <Files aria-hidden="true" /> Every version in Documents
            </Link>
          </Button>
        )}
      </div>

      <section aria-label={`${viewed.label} statistics`} className="space-y-2">
        <p className="text-sm text-slate-600" data-testid="stats-subject">
          Figures for: <span className="font-semibold text-slate-900">{viewed.label}</span>
        </p>
        <StatCards result={viewed.detection} loading={viewed.loading} wordCount={countMarkdownWords(viewed.text)} />
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Tabs ref={tabsRef} value={tab} onValueChange={(v) => setTab(v as Tab)} className="min-w-0 scroll-mt-20">
          <TabsList aria-label="Result">
            <TabsTrigger value="draft">Draft</TabsTrigger>
            <TabsTrigger value="final" disabled={!s.final && !writingFinal}>
              Final
            </TabsTrigger>
            <TabsTrigger ref={htmlTabRef} value="html" disabled={!html}>
              SEO HTML
            </TabsTrigger>
          </TabsList>

          <TabsContent value="draft">
            <Card>
              <ResultCardHeader
                title={
                  <>
                    Draft
                    {s.revision && <Badge variant="secondary">Revision {s.revision.count}</Badge>}
                  </>
                }
                toggle={
                  <TextModeToggle
                    value={mode}
                    onChange={setMode}
                    detection={s.draftDetection}
                    label="Show the draft as"
                  />
                }
              >
                <WriterNote writer={s.draft.writer} model={s.draft.model} />
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => copyText(s.draft.draft, "draft")} disabled={revising}>
                    <ClipboardCopy aria-hidden="true" /> Copy draft
                  </Button>
                  {s.documentId && (
                    <Button
                      variant="outline"
                      onClick={() => setEditing(true)}
                      disabled={editing || revising || writingFinal || detectingDraft}
                    >
                      <FilePen aria-hidden="true" /> Edit
                    </Button>
                  )}
                  <PendingButton
                    variant="outline"
                    onClick={() => void s.analyze("draft", s.draft)}
                    disabled={detectingDraft || revising}
                    pending={detectingDraft}
                    icon={ScanSearch}
                    pendingLabel="Analyzing…"
                  >
                    Analyze AI content
                  </PendingButton>
                  <PendingButton
                    onClick={() => void onGenerateFinal()}
                    disabled={flagged.length === 0 || writingFinal || revising || detectingDraft}
                    aria-describedby={finalHint ? "final-hint" : undefined}
                    pending={writingFinal}
                    icon={Wand2}
                    pendingLabel="Writing final version…"
                  >
                    Generate final version
                  </PendingButton>
                </div>
                {finalHint ? (
                  <p id="final-hint" className="text-xs text-slate-600">
                    {finalHint}
                  </p>
                ) : (
                  <p className="text-xs text-slate-600" data-testid="draft-costs">
                    Analyze AI content: {DETECTION_COST} · Generate final version:{" "}
                    {writingCost(s.draft.draft, s.draft.writer)}
                  </p>
                )}
              </ResultCardHeader>
              <CardContent className="space-y-4">
                {s.revision && (
                  <ImprovementBlock title={`Revision ${s.revision.count}: before → after`}>
                    <ImprovementSummary
                      before={s.revision.before}
                      after={s.revision.after}
                      loading={detectingDraft && !s.revision.after}
                    />
                  </ImprovementBlock>
                )}
                {editing ? (
                  <EditText
                    initial={s.draft.draft}
                    label="Edit the draft"
                    saveLabel={`Save and check · ${DETECTION_COST}`}
                    onSave={async (text) => {
                      await s.edit(text);
                      setEditing(false);
                    }}
                    onCancel={() => setEditing(false)}
                  />
                ) : revising && s.live?.step === "revise" ? (
                  <LiveText title="Revising the flagged sentences…" text={s.live.text} />
                ) : (
                  <DraftText text={s.draft.draft} mode={mode} detection={s.draftDetection} label="Draft text" />
                )}
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="final">
            <Card>
              <ResultCardHeader
                title={
                  <>
                    <FileCheck2 className="size-5 text-emerald-700" aria-hidden="true" /> Final version
                  </>
                }
                toggle={
                  s.final && (
                    <TextModeToggle
                      value={mode}
                      onChange={setMode}
                      detection={s.finalDetection}
                      label="Show the final version as"
                    />
                  )
                }
              >
                {s.final && <WriterNote writer={s.final.writer} model={s.final.model} />}
                {s.final && (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" onClick={() => copyText(s.final?.draft ?? "", "final version")}>
                      <ClipboardCopy aria-hidden="true" /> Copy final version
                    </Button>
                    <PendingButton
                      variant="outline"
                      onClick={() => s.final && void s.analyze("final", s.final)}
                      disabled={detectingFinal}
                      pending={detectingFinal}
                      icon={ScanSearch}
                      pendingLabel="Analyzing…"
                    >
                      Analyze AI content
                    </PendingButton>
                  </div>
                )}
              </ResultCardHeader>
              <CardContent className="space-y-4">
                {writingFinal && s.live?.step === "final" ? (
                  <LiveText title="Writing the final version…" text={s.live.text} />
                ) : s.final ? (
                  <>
                    <ImprovementBlock title="Draft → final version">
                      <ImprovementSummary
                        before={s.finalBaseline}
                        after={s.finalDetection}
                        loading={detectingFinal && !s.finalDetection}
                      />
                    </ImprovementBlock>
                    <DraftText
                      text={s.final.draft}
                      mode={mode}
                      detection={s.finalDetection}
                      label="Final version text"
                    />
                  </>
                ) : null}
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="html">{seo && <SeoHtmlTab seo={seo} />}</TabsContent>
        </Tabs>

        <aside className="min-w-0 space-y-6" aria-label="Analysis and publishing">
          <DetectionPanel
            result={viewed.detection}
            loading={viewed.loading}
            subject={viewed.label}
            title={
              viewingDraft && s.revision
                ? `AI Detection Analysis · Revision ${s.revision.count}`
                : "AI Detection Analysis"
            }
            emptyText={
              viewingDraft
                ? "The draft is checked for AI-written sentences as soon as it is shown."
                : "The final version is checked for AI-written sentences as soon as it is written."
            }
            // Revise and Final Rewrite work on the draft: offered while the draft is in view.
            onRevise={viewingDraft ? () => void s.revise() : undefined}
            revisePending={revising}
            onFinalRewrite={viewingDraft ? () => void onGenerateFinal() : undefined}
            finalRewritePending={writingFinal}
            actionsDisabled={revising || writingFinal || detectingDraft}
            actionCost={writingCost(s.draft.draft, s.draft.writer)}
          />
          <SeoPanel
            content={seoSource}
            title="SEO-Optimized HTML"
            failureTitle="SEO HTML generation failed"
            description={
              s.final
                ? "Made from the final version. Pick your platform and add image URLs if you have them."
                : "Made from the draft. Pick your platform and add image URLs if you have them."
            }
            aiProvider={context.aiProvider}
            datePublished={context.request.currentDate}
            documentId={s.documentId}
            codeAndPreviewIn="the SEO HTML tab"
            restored={restored?.seo?.saved}
            onHtml={(_html, result) => {
              setSeo({
                optimizedHtml: result.optimizedHtml,
                platform: result.platform,
                metaTitle: result.meta.metaTitle,
              });
              setTab("html");
              setHtmlMade((n) => n + 1);
            }}
            onClose={() => {
              setSeo(null);
              setTab((t) => (t === "html" ? (s.final ? "final" : "draft") : t));
            }}
          />
        </aside>
      </div>
    </div>
  );
}

/** A result tab's header: the title with the text-mode toggle beside it, then `children`. */
function ResultCardHeader({ title, toggle, children }: { title: ReactNode; toggle: ReactNode; children: ReactNode }) {
  return (
    <CardHeader className="gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">{title}</CardTitle>
        {toggle}
      </div>
      {children}
    </CardHeader>
  );
}

function ImprovementBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-slate-50 p-3" aria-label={title}>
      <h3 className="mb-2 text-sm font-medium text-slate-800">{title}</h3>
      {children}
    </section>
  );
}

function LiveText({ title, text }: { title: string; text: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2">
      <p id={id} className="flex items-center gap-2 text-sm font-medium text-brand-800">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {title}
      </p>
      <div aria-live="polite" className="rounded-lg border border-brand-200 bg-brand-50/40 px-4 py-2">
        {text ? <Markdown text={text} /> : <p className="py-4 text-sm text-slate-600">Waiting for the first words…</p>}
      </div>
    </section>
  );
}

function SeoHtmlTab({ seo }: { seo: SeoHtml }) {
  const codeId = useId();
  const platform = seo.platform === "shopify" ? "Shopify" : "WordPress";
  const preview = useMemo(
    () => buildPreviewDocument(seo.optimizedHtml, { title: seo.metaTitle }),
    [seo.optimizedHtml, seo.metaTitle],
  );
  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle>SEO HTML · {platform}</CardTitle>
        <CardDescription>
          Body HTML to paste into {platform === "Shopify" ? "the article's HTML editor" : "the block editor"}. The
          report, meta fields and settings are in the SEO panel.
        </CardDescription>
        <div>
          <Button variant="outline" onClick={() => copyText(seo.optimizedHtml, "HTML code")}>
            <ClipboardCopy aria-hidden="true" /> Copy HTML Code
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <section aria-label="Preview" className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">Preview</h3>
          <iframe
            title={`Preview of the ${platform} HTML`}
            sandbox=""
            srcDoc={preview}
            referrerPolicy="no-referrer"
            className="h-[32rem] w-full rounded-lg border border-slate-300 bg-white"
          />
        </section>
        <section aria-labelledby={codeId} className="space-y-2">
          <h3 id={codeId} className="text-sm font-semibold text-slate-900">
            HTML code
          </h3>
          <textarea
            readOnly
            aria-labelledby={codeId}
            value={seo.optimizedHtml}
            spellCheck={false}
            rows={14}
            className="w-full resize-y rounded-lg border border-slate-300 bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100"
            data-testid="seo-html-tab-code"
          />
        </section>
      </CardContent>
    </Card>
  );
}

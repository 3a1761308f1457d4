// The SEO part of the Results screen, the full app and the console (spec §2, issue 6): platform,
// optional image URLs, generate; then the HTML in a read-only code box with Copy HTML Code and Close,
// a rendered preview in a sandboxed iframe (no permissions: no script runs), the SEO head block and
// the SEO report. SEO HTML needs a draft or a final (spec §5): with no content the button is disabled
// and says why. Publish (issue 13) sends the HTML just made, saved as an SEO version of the document,
// to a connected site of its platform.
import { ClipboardCopy, Code2, Loader2, Send, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { formatNumber } from "../../../shared/number-text";
import { parseImageUrls, SEO_CONTENT_MAX, SEO_PLATFORMS, type SeoPlatform } from "../../../shared/seo-rules";
import type { AiProvider } from "../../../shared/writing";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { describedBy, Field } from "../../components/ui/field";
import { Input, NativeSelect } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { aboutCredits, SEO_HTML_COST, seoOptimizeCredits } from "../credits/estimates";
import { copyToClipboard } from "../detection/clipboard";
import { PublishDialog } from "../publishing";
import type { SeoHtmlEndpoint, SeoHtmlResult, SeoShown } from "./api";
import { buildPreviewDocument } from "./seo-helpers";
import { SeoMetaView } from "./seo-meta";
import { SeoReportView } from "./seo-report";
import { useSeoHtml } from "./use-seo";

const KEYPHRASE_HINT = "What searchers type to find this post. Left empty, one is guessed from the title.";
const IMAGES_HINT =
  "Comma separated, http(s) only. The first goes after the introduction, the others between sections.";

export interface SeoPanelProps {
  /** The markdown to publish: the final version if there is one, else the draft. Empty → disabled. */
  content: string;
  /** Initial platform. Default 'wordpress'. */
  defaultPlatform?: SeoPlatform;
  /** Called with the HTML (and the whole answer) each time HTML is made. */
  onHtml?: (html: string, result: SeoHtmlResult) => void;
  /** Called when the output is closed. */
  onClose?: () => void;
  /** The button's label. Default 'Generate SEO-Optimized HTML' (the full app: 'Produce SEO HTML Code'). */
  generateLabel?: string;
  /** Card title. Default 'SEO HTML'. */
  title?: string;
  /** Card description under the title. */
  description?: string;
  /** Which endpoint: 'produce-code' (HTML from the text as is; default) or 'optimize' (revise, then HTML). */
  endpoint?: SeoHtmlEndpoint;
  /** optimize only: the model that revises. */
  aiProvider?: AiProvider;
  /** Post title (else the draft's first heading). */
  postTitle?: string;
  /** The focus keyphrase field's starting value (e.g. the session's SEO keywords); empty: the server guesses. */
  keyphrase?: string;
  /** datePublished for the JSON-LD (e.g. the session's current date). */
  datePublished?: string;
  /** The document the HTML is saved to (as an SEO version); absent: the server starts a new one. */
  documentId?: string;
  /** Why generating is not possible when content is empty. */
  emptyReason?: string;
  /**
   * Where the host shows the code and the preview (the Results screen's SEO HTML tab): the panel then
   * keeps only the actions, the report and the meta fields and points there, so nothing shows twice.
   */
  codeAndPreviewIn?: string;
  /** The document's saved SEO result, shown as if just made (its platform selected). */
  restored?: SeoShown | null;
  /** Title of the failure toast (default 'SEO Optimization Failed'; Results says 'SEO HTML generation failed'). */
  failureTitle?: string;
  className?: string;
}

const PLATFORM_LABELS: Record<SeoPlatform, string> = { wordpress: "WordPress", shopify: "Shopify" };

/** The post's title as the platform prints it: the Article headline (the meta title is cut at 60). */
function previewTitle(result: SeoShown): string {
  const article = result.meta.jsonLd.find((o) => o["@type"] === "Article" || o["@type"] === "BlogPosting");
  return typeof article?.headline === "string" && article.headline ? article.headline : result.meta.metaTitle;
}

export function SeoPanel({
  content,
  defaultPlatform = "wordpress",
  onHtml,
  onClose,
  generateLabel = "Generate SEO-Optimized HTML",
  title = "SEO HTML",
  description = "Publish-ready HTML for your blog platform, with meta fields and an SEO report.",
  endpoint = "produce-code",
  aiProvider,
  postTitle,
  keyphrase,
  datePublished,
  documentId,
  emptyReason = "Generate a draft or a final version first: SEO HTML is made from it.",
  codeAndPreviewIn,
  restored,
  failureTitle,
  className,
}: SeoPanelProps) {
  const ids = {
    platform: useId(),
    keyphrase: useId(),
    images: useId(),
    reason: useId(),
    code: useId(),
  };
  const [platform, setPlatform] = useState<SeoPlatform>(restored?.platform ?? defaultPlatform);
  const [imageUrls, setImageUrls] = useState("");
  // The user's keyphrase (issue 31): set here wherever SEO runs; empty, the server guesses one from the title.
  const [focus, setFocus] = useState(keyphrase ?? "");
  useEffect(() => setFocus(keyphrase ?? ""), [keyphrase]);
  const [imageError, setImageError] = useState<string | undefined>();
  const [result, setResult] = useState<SeoShown | null>(restored ?? null);
  const [madeFrom, setMadeFrom] = useState<string | null>(null);
  const mutation = useSeoHtml({ endpoint, failureTitle });

  const trimmed = content.trim();
  const reason = !trimmed
    ? emptyReason
    : content.length > SEO_CONTENT_MAX
      ? `The text is too long for SEO HTML (at most ${formatNumber(SEO_CONTENT_MAX)} characters).`
      : null;
  const pending = mutation.isPending;

  const previewDoc = useMemo(
    () => (result ? buildPreviewDocument(result.optimizedHtml, { title: previewTitle(result) }) : ""),
    [result],
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (reason || pending) return;
    try {
      parseImageUrls(imageUrls);
    } catch (err) {
      setImageError(err instanceof Error ? err.message : "Image URLs must be http(s) addresses.");
      return;
    }
    setImageError(undefined);
    const source = content;
    mutation.mutate(
      {
        content: source,
        platform,
        imageUrls,
        title: postTitle,
        keyphrase: focus.trim() || undefined,
        datePublished,
        aiProvider,
        documentId,
      },
      {
        onSuccess: (r) => {
          setResult(r);
          setMadeFrom(source);
          onHtml?.(r.optimizedHtml, r);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === "INVALID_IMAGE_URL") setImageError(err.serverMessage);
        },
      },
    );
  };

  const close = () => {
    setResult(null);
    setMadeFrom(null);
    onClose?.();
  };

  return (
    <Card className={cn("@container", className)} data-testid="seo-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Code2 className="size-4 text-brand-700" aria-hidden="true" /> {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-5">
        <form onSubmit={onSubmit} className="space-y-3" aria-label={title} noValidate>
          <div className="grid gap-3 @md:grid-cols-[10rem_minmax(0,1fr)]">
            <Field id={ids.platform} label="Platform">
              <NativeSelect
                id={ids.platform}
                value={platform}
                onChange={(e) => {
                  const next = e.target.value as SeoPlatform;
                  setPlatform(next);
                  // HTML made for the other platform is no longer what this form would make: it goes.
                  if (result && result.platform !== next) close();
                }}
              >
                {SEO_PLATFORMS.map((p) => (
                  <option key={p} value={p}>
                    {PLATFORM_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={ids.keyphrase} label="Focus keyphrase (optional)" hint={KEYPHRASE_HINT}>
              <Input
                type="text"
                maxLength={100}
                placeholder="e.g. google business profile"
                value={focus}
                onChange={(e) => setFocus(e.target.value)}
                {...describedBy(ids.keyphrase, { hint: KEYPHRASE_HINT })}
              />
            </Field>
            <Field
              id={ids.images}
              label="Image URLs (optional)"
              error={imageError}
              hint={IMAGES_HINT}
              className="@md:col-span-2"
            >
              <Input
                type="text"
                inputMode="url"
                placeholder="https://…/photo-1.jpg, https://…/photo-2.jpg"
                value={imageUrls}
                onChange={(e) => {
                  setImageUrls(e.target.value);
                  if (imageError) setImageError(undefined);
                }}
                {...describedBy(ids.images, { error: imageError, hint: IMAGES_HINT })}
              />
            </Field>
          </div>
          <Button
            type="submit"
            className="w-full @md:w-auto"
            disabled={Boolean(reason) || pending}
            aria-describedby={reason ? ids.reason : undefined}
          >
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Code2 aria-hidden="true" />}
            {pending ? (endpoint === "optimize" ? "Optimizing…" : "Generating…") : generateLabel}
          </Button>
          {reason ? (
            <p id={ids.reason} className="text-xs text-slate-600">
              {reason}
            </p>
          ) : (
            <p className="text-xs text-slate-600" data-testid="seo-cost">
              {endpoint === "optimize"
                ? `Costs ${aboutCredits(seoOptimizeCredits(content))} with a model (${SEO_HTML_COST} with the offline writer).`
                : `Costs ${SEO_HTML_COST}.`}
            </p>
          )}
        </form>

        {result && (
          <div className="space-y-5" data-testid="seo-output">
            <section className="space-y-2" aria-labelledby={ids.code}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={ids.code} className="text-sm font-semibold text-slate-900">
                  {PLATFORM_LABELS[result.platform]} HTML
                </h3>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    onClick={() =>
                      void copyToClipboard(result.optimizedHtml, {
                        success: "HTML code copied to the clipboard",
                        failure: "Failed to copy response",
                      })
                    }
                  >
                    <ClipboardCopy aria-hidden="true" /> Copy HTML Code
                  </Button>
                  <PublishDialog
                    documentId={result.documentId}
                    versionId={result.versionId}
                    platform={result.platform}
                    trigger={
                      <Button size="sm" variant="outline">
                        <Send aria-hidden="true" /> Publish
                      </Button>
                    }
                  />
                  <Button size="sm" variant="outline" onClick={close}>
                    <X aria-hidden="true" /> Close
                  </Button>
                </div>
              </div>
              {madeFrom !== null && madeFrom !== content && (
                <p className="text-xs text-amber-900">
                  The text has changed since this HTML was made. Generate again to update it.
                </p>
              )}
              {codeAndPreviewIn ? (
                <p className="text-sm text-slate-600" data-testid="seo-output-elsewhere">
                  The code and a preview are in {codeAndPreviewIn}.
                </p>
              ) : (
                <textarea
                  readOnly
                  aria-labelledby={ids.code}
                  value={result.optimizedHtml}
                  spellCheck={false}
                  rows={10}
                  className="w-full resize-y rounded-lg border border-slate-300 bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  data-testid="seo-html"
                />
              )}
            </section>

            <div className="grid gap-5 @3xl:grid-cols-2">
              {!codeAndPreviewIn && (
                <section className="space-y-2" aria-label="Preview">
                  <h3 className="text-sm font-semibold text-slate-900">Preview</h3>
                  <iframe
                    title={`Preview of the ${PLATFORM_LABELS[result.platform]} HTML`}
                    sandbox=""
                    srcDoc={previewDoc}
                    referrerPolicy="no-referrer"
                    className="h-96 w-full rounded-lg border border-slate-300 bg-white"
                    data-testid="seo-preview"
                  />
                  <p className="text-xs text-slate-600">
                    Your theme's styles will differ; the structure is what counts.
                  </p>
                </section>
              )}
              <div className="space-y-3">
                {!focus.trim() && result.meta.keyphrase && (
                  <p className="text-sm text-slate-700" data-testid="keyphrase-suggestion">
                    Scored against a keyphrase guessed from the title: “{result.meta.keyphrase}”.{" "}
                    <Button
                      type="button"
                      variant="link"
                      size="sm"
                      className="h-auto p-0"
                      onClick={() => setFocus(result.meta.keyphrase)}
                    >
                      Use it as the focus keyphrase
                    </Button>{" "}
                    or type your own above, then generate again.
                  </p>
                )}
                <SeoReportView report={result.report} />
              </div>
            </div>
            {"revisedText" in result && result.revisedText && (
              <details className="rounded-lg border border-slate-200">
                <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
                  Text revised for search (Markdown)
                </summary>
                <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words px-3 pb-3 font-mono text-xs text-slate-800">
                  {result.revisedText}
                </pre>
              </details>
            )}
            <SeoMetaView meta={result.meta} platform={result.platform} notes={result.notes} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

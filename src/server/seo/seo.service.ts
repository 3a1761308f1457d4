// The three SEO endpoints' rules: image URLs checked and credits held before any work (402 first),
// released on any failure (the charge path in credits/charge.ts).
//  - produce-code: the deterministic HTML pipeline on the text as is, a flat SEO_CREDITS.produceCode.
//  - revise-text / optimize: the text revised for search by the chosen provider's model through the
//    writing model layer (hold an estimate, settle on the real tokens), or — with no key for that
//    provider — by reviseForSeo's deterministic rules, free (optimize pays the produce-code price for
//    its HTML); optimize then produces the HTML.
// Each output is saved as an `seo` version of a document (the caller's, or a new one) in the
// transaction that settles its credits.
import { randomUUID } from "node:crypto";
import { creditsForTokens, estimateSeoRevisionTokens } from "../../shared/credits-math";
import { cutTitle, titleFromMarkdown, type VersionFormat } from "../../shared/documents";
import type { SavedVersion } from "../../shared/ids";
import { DEFAULT_PROVIDER, SEO_CREDITS } from "../../shared/limits";
import {
  InvalidImageUrlError,
  parseImageUrls,
  type SavedSeo,
  type SeoOptimizeResponse,
  type SeoProduceResponse,
  type SeoRequest,
  type SeoReviseResponse,
} from "../../shared/seo";
import type { AiProvider } from "../../shared/writing";
import {
  anySignal,
  billedUsage,
  classifyProviderError,
  type TokenUsage,
  WritingCancelled,
  type WritingModels,
} from "../ai/models";
import type { CpuPool } from "../cpu/pool";
import { type Charges, NotSaved, PartialWork, type Save } from "../credits/charge";
import type { DocumentsService, VersionTarget } from "../documents/index";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { buildSeoRevisePrompt, type produceSeoHtml, SEO_REVISE_SYSTEM_PROMPT } from "./index";

/** The usage row's endpoint for each call: the path the client called. */
export const SEO_ENDPOINTS = {
  produce: "/api/seo-produce-code",
  revise: "/api/seo-revise-text",
  optimize: "/api/seo-optimize",
} as const;

export interface SeoServiceDeps {
  charges: Charges;
  models: WritingModels;
  logger: Logger;
  documents: DocumentsService;
  /** The markdown pipeline and the rules' revision run in its workers, under its time limit. */
  cpu: Pick<CpuPool, "run">;
}

/** The comma-separated image URLs, or a 400 naming the one that is not an http(s) address. */
export function imageUrlsOf(req: Pick<SeoRequest, "imageUrls">): string[] {
  try {
    return parseImageUrls(req.imageUrls);
  } catch (err) {
    if (err instanceof InvalidImageUrlError) throw new AppError("INVALID_IMAGE_URL", err.message);
    throw err;
  }
}

/** What an HTML version keeps beside the HTML: the meta fields, report and notes made with it. */
const savedSeo = (r: SavedSeo): SavedSeo => ({ meta: r.meta, report: r.report, notes: r.notes });

/** The HTML for `markdown` with the request's platform, images, title and publication date. */
function produceFor(
  cpu: SeoServiceDeps["cpu"],
  owner: string,
  req: SeoRequest,
  imageUrls: string[],
  markdown: string,
  keyphrase: Parameters<typeof produceSeoHtml>[0]["keyphrase"],
) {
  return cpu.run(
    "produceSeoHtml",
    {
      markdown,
      platform: req.platform,
      imageUrls,
      title: req.title,
      keyphrase,
      datePublished: req.datePublished,
    },
    { owner },
  );
}

/** The caller's document when one is named (checked: a 404 before any hold), else a new one. */
async function seoTarget(documents: DocumentsService, userId: string, req: SeoRequest): Promise<VersionTarget> {
  if (req.documentId) await documents.ownDocument(userId, req.documentId);
  return {
    documentId: req.documentId,
    newDocument: {
      id: randomUUID(),
      brief: "SEO HTML",
      title: req.title?.trim() ? cutTitle(req.title) : undefined,
      fallbackTitle: titleFromMarkdown(req.content) ?? "SEO HTML",
    },
  };
}

interface Revision {
  revisedText: string;
  keyphrase: string;
  usage: TokenUsage;
  writer: "openai" | "anthropic" | "offline";
  model: string;
  aiProvider: AiProvider;
}

/** What a revise or optimize answer is saved as: the revised markdown, or the HTML. */
type SaveAs<R> = (body: R) => { format: VersionFormat; content: string; seo?: SavedSeo };
/** The revision work's value: the finished revision, or what a stopped model had written. */
type RevisionWork<R> = { revision: Revision; body: R } | { partialText: string };

export class SeoService {
  constructor(private readonly deps: SeoServiceDeps) {}

  /** POST /api/seo-produce-code. */
  async produceCode(userId: string, req: SeoRequest, opts: { requestId?: string } = {}): Promise<SeoProduceResponse> {
    const imageUrls = imageUrlsOf(req);
    const target = await seoTarget(this.deps.documents, userId, req);
    const started = performance.now();
    const {
      value: result,
      creditsUsed,
      requestId,
      saved,
    } = await this.deps.charges
      .charge({
        userId,
        requestId: opts.requestId,
        endpoint: SEO_ENDPOINTS.produce,
        aiProvider: null,
        estimate: SEO_CREDITS.produceCode,
        price: SEO_CREDITS.produceCode,
        work: async () => ({
          value: await produceFor(this.deps.cpu, userId, req, imageUrls, req.content, req.keyphrase),
        }),
        save: (tx, r) =>
          this.deps.documents.saveVersion(tx, userId, target, {
            kind: "seo",
            format: "html",
            content: r.value.optimizedHtml,
            seo: savedSeo(r.value),
            platform: req.platform,
            model: null,
            writer: null,
            creditsUsed: r.creditsUsed,
            requestId: r.requestId,
            partial: r.partial,
          }),
      })
      .catch((err: unknown) => {
        // Charged, not saved: the HTML rides on the refusal.
        if (err instanceof NotSaved) throw err.withText((err.value as { optimizedHtml: string }).optimizedHtml);
        throw err;
      });
    this.deps.logger.info(
      {
        event: "seo.produce.done",
        requestId,
        platform: req.platform,
        ms: Math.round(performance.now() - started),
        credits: creditsUsed,
      },
      "seo html produced",
    );
    return {
      optimizedHtml: result.optimizedHtml,
      platform: result.platform,
      meta: result.meta,
      report: result.report,
      notes: result.notes,
      creditsUsed,
      ...(saved as SavedVersion),
    };
  }

  /** POST /api/seo-revise-text. */
  async reviseText(userId: string, req: SeoRequest, signal?: AbortSignal): Promise<SeoReviseResponse> {
    return this.withRevisedHtml(
      userId,
      req,
      "revise",
      signal,
      (rev, produced) => ({
        revisedText: rev.revisedText,
        platform: req.platform,
        keyphrase: rev.keyphrase,
        report: produced.report,
      }),
      (body) => ({ format: "markdown", content: body.revisedText }),
    );
  }

  /** POST /api/seo-optimize: revise, then produce. */
  async optimize(userId: string, req: SeoRequest, signal?: AbortSignal): Promise<SeoOptimizeResponse> {
    return this.withRevisedHtml(
      userId,
      req,
      "optimize",
      signal,
      (rev, produced) => ({
        optimizedHtml: produced.optimizedHtml,
        revisedText: rev.revisedText,
        platform: produced.platform,
        meta: produced.meta,
        report: produced.report,
        notes: produced.notes,
      }),
      (body) => ({ format: "html", content: body.optimizedHtml, seo: savedSeo(body) }),
    );
  }

  /** withRevision, with the revised text also produced as HTML (image URLs checked before any hold). */
  private withRevisedHtml<R>(
    userId: string,
    req: SeoRequest,
    kind: "revise" | "optimize",
    signal: AbortSignal | undefined,
    finish: (rev: Revision, produced: Awaited<ReturnType<typeof produceSeoHtml>>) => R,
    saveAs: SaveAs<R>,
  ) {
    const imageUrls = imageUrlsOf(req);
    return this.withRevision(
      userId,
      req,
      kind,
      signal,
      async (rev) =>
        finish(rev, await produceFor(this.deps.cpu, userId, req, imageUrls, rev.revisedText, rev.keyphrase)),
      saveAs,
    );
  }

  /**
   * Revises (model or rules) and shapes the answer with `finish` through one charge: the real tokens
   * with a model; on the offline writer the revision is free and optimize pays only for the HTML. A failure
   * charges nothing; a cancelled model call pays only for what it wrote.
   */
  private async withRevision<R>(
    userId: string,
    req: SeoRequest,
    kind: "revise" | "optimize",
    signal: AbortSignal | undefined,
    finish: (rev: Revision) => Promise<R>,
    saveAs: SaveAs<R>,
  ): Promise<
    R &
      SavedVersion & {
        creditsUsed: number;
        tokensUsed: number;
        aiProvider: AiProvider;
        writer: Revision["writer"];
        model: string;
      }
  > {
    const { charges, models, logger, documents } = this.deps;
    const target = await seoTarget(documents, userId, req);
    const endpoint = SEO_ENDPOINTS[kind];
    const provider: AiProvider = req.aiProvider ?? DEFAULT_PROVIDER;
    // A 503 when no model is configured and the offline writer is off. The offline rules' revision is
    // free; optimize still pays for the HTML it produces, as produce-code does.
    const offline = models.describe(provider).writer === "offline";
    const flatPrice = kind === "revise" ? 0 : SEO_CREDITS.produceCode;

    // The rules' revision also settles the focus keyphrase (argument, else inferred from the title),
    // which the model is told to use.
    const rules = await this.deps.cpu.run(
      "reviseForSeo",
      {
        markdown: req.content,
        title: req.title,
        keyphrase: req.keyphrase,
      },
      { owner: userId },
    );
    const prompt = {
      system: SEO_REVISE_SYSTEM_PROMPT,
      prompt: buildSeoRevisePrompt({ markdown: req.content, keyphrase: rules.keyphrase, platform: req.platform }),
    };
    const started = performance.now();
    const charged = await charges
      .charge({
        userId,
        endpoint,
        aiProvider: offline ? "offline" : provider,
        estimate: offline
          ? flatPrice
          : creditsForTokens(
              estimateSeoRevisionTokens(prompt.system.length + prompt.prompt.length, req.content.length),
            ),
        price: offline ? flatPrice : undefined,
        // Not metered: the answer is about as long as the draft, which the estimate already covers, and
        // half a revision is no use to anyone.
        work: async (meter) => {
          let written: Awaited<ReturnType<WritingModels["write"]>>;
          try {
            written = await models.write({
              provider,
              prompt,
              offline: () => rules.revisedText,
              expectH1: /^\s*# \S/.test(req.content),
              signal: anySignal(signal, meter.signal),
              webSearch: false,
            });
          } catch (err) {
            // The client left: what the model wrote is paid for (the caller answers nobody).
            if (err instanceof WritingCancelled)
              throw new PartialWork<RevisionWork<R>>(
                err.partialText ? { partialText: err.partialText } : null,
                billedUsage(err.usage),
              );
            const appError = classifyProviderError(err);
            logger.warn({ event: `seo.${kind}.failed`, provider, code: appError.code }, "model call failed");
            throw appError;
          }
          const revision: Revision = {
            revisedText: written.writer === "offline" ? rules.revisedText : `${written.text.trim()}\n`,
            keyphrase: rules.keyphrase,
            usage: written.usage,
            writer: written.writer,
            model: written.model,
            aiProvider: provider,
          };
          return {
            value: { revision, body: await finish(revision) } as RevisionWork<R>,
            usage: billedUsage(written.usage),
          };
        },
        // What was paid for is saved with the charge; a stopped model's text as a partial markdown version.
        save: ((tx, r) => {
          const saved =
            "partialText" in r.value
              ? { format: "markdown" as const, content: r.value.partialText }
              : saveAs(r.value.body);
          return documents.saveVersion(tx, userId, target, {
            kind: "seo",
            ...saved,
            platform: req.platform,
            model: "partialText" in r.value ? null : r.value.revision.model,
            writer: "partialText" in r.value ? null : r.value.revision.writer,
            creditsUsed: r.creditsUsed,
            requestId: r.requestId,
            partial: r.partial,
          });
        }) satisfies Save<RevisionWork<R>, SavedVersion>,
      })
      .catch((err: unknown) => {
        // Charged, not saved: the revision rides on the refusal.
        if (!(err instanceof NotSaved)) throw err;
        const work = err.value as RevisionWork<R>;
        throw err.withText("partialText" in work ? work.partialText : saveAs(work.body).content);
      });
    if ("partialText" in charged.value)
      throw new AppError(
        "PROVIDER_UNAVAILABLE",
        "The AI call ran past its time limit and is temporarily unavailable. What it wrote is saved in your document.",
      );
    const { revision, body } = charged.value;
    logger.info(
      {
        event: `seo.${kind}.done`,
        requestId: charged.requestId,
        provider,
        writer: revision.writer,
        tokens: revision.usage.totalTokens,
        credits: charged.creditsUsed,
        ms: Math.round(performance.now() - started),
      },
      "seo revision done",
    );
    return {
      ...body,
      ...(charged.saved as SavedVersion),
      creditsUsed: charged.creditsUsed,
      tokensUsed: revision.usage.totalTokens,
      aiProvider: provider,
      writer: revision.writer,
      model: revision.model,
    };
  }
}

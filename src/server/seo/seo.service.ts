// The three SEO endpoints' rules: image URLs checked and credits held before any work (402 first),
// released on any failure.
//  - produce-code: the deterministic HTML pipeline on the text as is, a flat SEO_CREDITS.produceCode.
//  - revise-text / optimize: the text revised for search by the chosen provider's model through the
//    writing model layer (hold an estimate, settle on the real tokens), or — with no key for that
//    provider — by reviseForSeo's deterministic rules at a flat price; optimize then produces the HTML.
import { randomUUID } from "node:crypto";
import { creditsForTokens } from "../../shared/credits-math";
import { DEFAULT_PROVIDER, SEO_CREDITS } from "../../shared/limits";
import {
  InvalidImageUrlError,
  parseImageUrls,
  type SeoOptimizeResponse,
  type SeoProduceResponse,
  type SeoRequest,
  type SeoReviseResponse,
} from "../../shared/seo";
import type { AiProvider } from "../../shared/writing";
import type { CpuPool } from "../cpu/pool";
import type { Ledger } from "../credits/credits.service";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { classifyProviderError, type TokenUsage, WritingCancelled, type WritingModels } from "../writing/models";
import { buildSeoRevisePrompt, type produceSeoHtml, SEO_REVISE_SYSTEM_PROMPT } from "./index";

/** api_usage.endpoint of each call: the path the client called. */
export const SEO_ENDPOINTS = {
  produce: "/api/seo-produce-code",
  revise: "/api/seo-revise-text",
  optimize: "/api/seo-optimize",
} as const;

export interface SeoServiceDeps {
  ledger: Pick<Ledger, "hold" | "settle" | "release">;
  models: WritingModels;
  logger: Logger;
  /** The markdown pipeline and the rules' revision run in its workers, under its time limit. */
  cpu: Pick<CpuPool, "run">;
}

/**
 * Tokens a model revision is expected to use: the prompt (characters ÷ 4) plus an answer about as
 * long as the draft, with 25 % head-room. The hold only; settlement charges the real usage.
 */
export function estimateSeoRevisionTokens(promptChars: number, contentChars: number): number {
  return Math.ceil(promptChars / 4 + (contentChars / 4) * 1.25);
}

/** The comma-separated image URLs, or a 400 naming the one that is not an http(s) address. */
export function imageUrlsOf(req: Pick<SeoRequest, "imageUrls">): string[] {
  try {
    return parseImageUrls(req.imageUrls);
  } catch (err) {
    if (err instanceof InvalidImageUrlError) throw new AppError("VALIDATION", err.message);
    throw err;
  }
}

/** The HTML for `markdown` with the request's platform, images, title and publication date. */
function produceFor(
  cpu: SeoServiceDeps["cpu"],
  req: SeoRequest,
  imageUrls: string[],
  markdown: string,
  keyphrase: Parameters<typeof produceSeoHtml>[0]["keyphrase"],
) {
  return cpu.run("produceSeoHtml", {
    markdown,
    platform: req.platform,
    imageUrls,
    title: req.title,
    keyphrase,
    datePublished: req.datePublished,
  });
}

interface Revision {
  revisedText: string;
  keyphrase: string;
  usage: TokenUsage;
  writer: "openai" | "anthropic" | "offline";
  model: string;
  aiProvider: AiProvider;
}

export class SeoService {
  constructor(private readonly deps: SeoServiceDeps) {}

  /** POST /api/seo-produce-code. */
  async produceCode(userId: string, req: SeoRequest): Promise<SeoProduceResponse> {
    const { ledger } = this.deps;
    const imageUrls = imageUrlsOf(req);
    const holdId = `seo-${randomUUID()}`;
    const log = this.deps.logger.child({ requestId: holdId, endpoint: SEO_ENDPOINTS.produce });
    await ledger.hold({ userId, amount: SEO_CREDITS.produceCode, requestId: holdId });
    try {
      const started = performance.now();
      const result = await produceFor(this.deps.cpu, req, imageUrls, req.content, req.keyphrase);
      const { creditsUsed } = await ledger.settle({
        userId,
        requestId: holdId,
        endpoint: SEO_ENDPOINTS.produce,
        aiProvider: null,
        requestTokens: 0,
        responseTokens: 0,
        credits: SEO_CREDITS.produceCode,
      });
      log.info(
        {
          event: "seo.produce.done",
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
      };
    } catch (err) {
      await ledger.release(holdId).catch((e) => log.error({ event: "seo.release.failed", err: e }));
      throw err;
    }
  }

  /** POST /api/seo-revise-text. */
  async reviseText(userId: string, req: SeoRequest, signal?: AbortSignal): Promise<SeoReviseResponse> {
    return this.withRevisedHtml(userId, req, "revise", signal, (rev, produced) => ({
      revisedText: rev.revisedText,
      platform: req.platform,
      keyphrase: rev.keyphrase,
      report: produced.report,
    }));
  }

  /** POST /api/seo-optimize: revise, then produce. */
  async optimize(userId: string, req: SeoRequest, signal?: AbortSignal): Promise<SeoOptimizeResponse> {
    return this.withRevisedHtml(userId, req, "optimize", signal, (rev, produced) => ({
      optimizedHtml: produced.optimizedHtml,
      revisedText: rev.revisedText,
      platform: produced.platform,
      meta: produced.meta,
      report: produced.report,
      notes: produced.notes,
    }));
  }

  /** withRevision, with the revised text also produced as HTML (image URLs checked before any hold). */
  private withRevisedHtml<R>(
    userId: string,
    req: SeoRequest,
    kind: "revise" | "optimize",
    signal: AbortSignal | undefined,
    finish: (rev: Revision, produced: ReturnType<typeof produceSeoHtml>) => R,
  ) {
    const imageUrls = imageUrlsOf(req);
    return this.withRevision(userId, req, kind, signal, async (rev) =>
      finish(rev, await produceFor(this.deps.cpu, req, imageUrls, rev.revisedText, rev.keyphrase)),
    );
  }

  /**
   * Holds, revises (model or rules), shapes the answer with `finish`, then settles: the real tokens
   * with a model, the flat price on the offline writer. Any failure releases the hold; a cancelled
   * model call pays only for what it wrote (nothing when it wrote nothing).
   */
  private async withRevision<R>(
    userId: string,
    req: SeoRequest,
    kind: "revise" | "optimize",
    signal: AbortSignal | undefined,
    finish: (rev: Revision) => Promise<R>,
  ): Promise<
    R & { creditsUsed: number; tokensUsed: number; aiProvider: AiProvider; writer: Revision["writer"]; model: string }
  > {
    const { ledger, models, logger } = this.deps;
    const endpoint = SEO_ENDPOINTS[kind];
    const provider: AiProvider = req.aiProvider ?? DEFAULT_PROVIDER;
    const who = models.describe(provider);
    const offline = who.writer === "offline";
    const flatPrice = kind === "revise" ? SEO_CREDITS.reviseOffline : SEO_CREDITS.optimizeOffline;

    // The rules' revision also settles the focus keyphrase (argument, else inferred from the title),
    // which the model is told to use.
    const rules = await this.deps.cpu.run("reviseForSeo", {
      markdown: req.content,
      title: req.title,
      keyphrase: req.keyphrase,
    });
    const prompt = {
      system: SEO_REVISE_SYSTEM_PROMPT,
      prompt: buildSeoRevisePrompt({ markdown: req.content, keyphrase: rules.keyphrase, platform: req.platform }),
    };
    const hold = offline
      ? flatPrice
      : creditsForTokens(estimateSeoRevisionTokens(prompt.system.length + prompt.prompt.length, req.content.length));

    const holdId = `seo-${randomUUID()}`;
    const log = logger.child({ requestId: holdId, endpoint });
    await ledger.hold({ userId, amount: hold, requestId: holdId });

    const started = performance.now();
    let written: Awaited<ReturnType<WritingModels["write"]>>;
    try {
      written = await models.write({
        provider,
        prompt,
        offline: () => rules.revisedText,
        expectH1: /^\s*# \S/.test(req.content),
        signal,
        webSearch: false,
      });
    } catch (err) {
      if (err instanceof WritingCancelled) {
        await this.settleCancelled(userId, holdId, endpoint, provider, err);
        throw err;
      }
      await ledger.release(holdId).catch((e) => log.error({ event: "seo.release.failed", err: e }));
      const appError = classifyProviderError(err);
      log.warn({ event: `seo.${kind}.failed`, provider, code: appError.code }, "model call failed");
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
    try {
      const body = await finish(revision);
      const { usage } = revision;
      const { creditsUsed } = await ledger.settle({
        userId,
        requestId: holdId,
        endpoint,
        aiProvider: provider,
        requestTokens: usage.inputTokens,
        responseTokens: Math.max(0, usage.totalTokens - usage.inputTokens),
        credits: revision.writer === "offline" ? flatPrice : undefined,
      });
      log.info(
        {
          event: `seo.${kind}.done`,
          provider,
          writer: revision.writer,
          tokens: usage.totalTokens,
          hold,
          credits: creditsUsed,
          ms: Math.round(performance.now() - started),
        },
        "seo revision done",
      );
      return {
        ...body,
        creditsUsed,
        tokensUsed: usage.totalTokens,
        aiProvider: provider,
        writer: revision.writer,
        model: revision.model,
      };
    } catch (err) {
      await ledger.release(holdId).catch(() => {});
      throw err;
    }
  }

  private async settleCancelled(
    userId: string,
    holdId: string,
    endpoint: string,
    provider: AiProvider,
    cancelled: WritingCancelled,
  ): Promise<void> {
    const { ledger, logger } = this.deps;
    try {
      if (!cancelled.partialText) {
        await ledger.release(holdId);
        return;
      }
      const { usage } = cancelled;
      await ledger.settle({
        userId,
        requestId: holdId,
        endpoint,
        aiProvider: provider,
        requestTokens: usage.inputTokens,
        responseTokens: Math.max(0, usage.totalTokens - usage.inputTokens),
      });
    } catch (err) {
      await ledger.release(holdId).catch(() => {});
      logger.error(
        { event: "seo.cancel.settle.failed", requestId: holdId, err },
        "settling a cancelled SEO call failed",
      );
    }
  }
}

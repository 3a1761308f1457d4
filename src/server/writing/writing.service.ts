// The writing loop's rules: hold credits → call the model (the hold grows as it writes) → settle on
// the real token usage and record the request in one transaction; release the hold on any failure.
// No database transaction is open while a model writes. What the model wrote is saved as a version of
// a document (documents/) in that same transaction: the caller's document, or a new one.
import { randomUUID } from "node:crypto";
import { creditsForTokens, estimateWritingTokens } from "../../shared/credits-math";
import { cutTitle, type DocumentSession, type VersionKind } from "../../shared/documents";
import type { SavedVersion } from "../../shared/ids";
import { HISTORY_LIMIT } from "../../shared/limits";
import { countWords } from "../../shared/text";
import {
  type AiProvider,
  assistantMessage,
  type Billed,
  type ExecuteRequest,
  type FinalRewriteRequest,
  type GenerationResponse,
  type HistoryItem,
  parseWordCount,
  type ReviseTextRequest,
  type ReviseTextResponse,
  type SessionContext,
  type StreamStart,
  type Writer,
  type WritersResponse,
  type WritingEndpoint,
} from "../../shared/writing";
import {
  anySignal,
  billedUsage,
  classifyProviderError,
  estimatedUsage,
  estimateTokens,
  NO_TOKENS,
  type PromptPair,
  type TokenUsage,
  WritingCancelled,
  type WritingModels,
} from "../ai/models";
import { type Charges, type Held, NotSaved, PartialWork, STOP_MESSAGES } from "../credits/charge";
import type { Db, Tx } from "../db/client";
import type { DocumentsService, VersionTarget } from "../documents/index";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { finalRewriteOffline, reviseOffline, reviseTextOffline, writeOfflineDraft } from "./offline";
import {
  buildDraftPrompt,
  buildFinalRewritePrompt,
  buildRevisePrompt,
  buildReviseTextPrompt,
  type DraftRequest,
} from "./prose";
import { clearRequests, listRequests, recordRequest } from "./request-history";

export interface WritingServiceDeps {
  db: Db;
  charges: Charges;
  models: WritingModels;
  logger: Logger;
  documents: DocumentsService;
}

export interface RunOptions {
  /** Aborts the model call; the caller then pays only for the tokens used so far. */
  signal?: AbortSignal;
  /** Each piece of text as it is written. */
  onDelta?: (text: string) => void;
}

/**
 * One piece of AI work whose credits are already held. `run` calls the model and settles (or
 * releases); `abandon` releases the hold of work that will never run.
 */
/** A prepared call: who answers it and where it is saved (a stream's `start`), then the work. */
export interface WritingJob<R> extends StreamStart {
  run(opts?: RunOptions): Promise<R>;
  abandon(): Promise<void>;
}

/** Usage rows' endpoint: the path the client called (as the other features record theirs). */
const USAGE_ENDPOINT: Record<WritingEndpoint, string> = {
  execute: "/api/execute",
  revise: "/api/execute",
  "final-rewrite": "/api/final-rewrite",
  "revise-text": "/api/revise-text",
};

interface JobSpec {
  userId: string;
  endpoint: WritingEndpoint;
  aiProvider: AiProvider;
  prompt: PromptPair;
  offline: () => string;
  expectH1: boolean;
  /** Words the answer is expected to have, for the hold's estimate. */
  expectedWords: number;
  /** Where the output is saved, and as what. */
  /** Where the output is saved; `source`: the caller's version it was made from (revise, final rewrite). */
  document: { target: VersionTarget; kind: VersionKind; source?: string };
  /** What the history row keeps of the request. */
  record: {
    currentDate: string;
    contentType: string;
    targetAudience?: string;
    wordCount?: string;
    additionalContext?: string;
    writingStyle?: string;
  };
  /** The caller's key for the paid call (a batch step), else a random one. */
  requestId?: string;
}

/** A finished call: its answer beside the text, and the text. */
interface Outcome extends Billed {
  text: string;
}

const today = () => new Date().toISOString().slice(0, 10);
const startsWithH1 = (s: string) => /^\s*# \S/.test(s);

export class WritingService {
  constructor(private readonly deps: WritingServiceDeps) {}

  /**
   * POST /api/execute: a draft, or with mode "revise" the flagged sentences rewritten in place. A
   * batch step passes its own `requestId` (the same on a re-run, so it is never charged twice).
   */
  async prepareExecute(
    userId: string,
    req: ExecuteRequest,
    opts: { requestId?: string } = {},
  ): Promise<WritingJob<GenerationResponse>> {
    const draft = toDraftRequest(req);
    const record = { ...draft, writingStyle: req.writingStyle };
    const target = versionTarget(req.documentId, {
      brief: req.contentType,
      session: sessionOf(req),
      fallbackTitle: req.contentType,
    });
    if (req.mode === "revise") {
      const document = req.originalContent ?? "";
      const flaggedSentences = req.aiDetectedSentences ?? [];
      return this.prepare(
        {
          userId,
          endpoint: "revise",
          aiProvider: req.aiProvider,
          prompt: buildRevisePrompt({ document, flaggedSentences, session: draft }),
          offline: () => reviseOffline({ document, flaggedSentences }),
          expectH1: startsWithH1(document),
          expectedWords: countWords(document),
          document: { target, kind: "revision", source: req.sourceVersionId },
          record,
          requestId: opts.requestId,
        },
        toGeneration,
      );
    }
    return this.prepare(
      {
        userId,
        endpoint: "execute",
        aiProvider: req.aiProvider,
        prompt: buildDraftPrompt(draft),
        offline: () => writeOfflineDraft(draft),
        expectH1: true,
        expectedWords: parseWordCount(req.wordCount),
        document: { target, kind: "draft" },
        record,
        requestId: opts.requestId,
      },
      toGeneration,
    );
  }

  /** POST /api/final-rewrite: the whole draft rewritten, facts and structure kept. */
  async prepareFinalRewrite(userId: string, req: FinalRewriteRequest): Promise<WritingJob<GenerationResponse>> {
    const session = req.sessionContext;
    const { originalContent, aiDetectedSentences } = req;
    return this.prepare(
      {
        userId,
        endpoint: "final-rewrite",
        aiProvider: session?.aiProvider ?? "openai",
        prompt: buildFinalRewritePrompt({
          originalContent,
          aiDetectedSentences,
          session: session ? toDraftRequest(session) : undefined,
        }),
        offline: () => finalRewriteOffline({ originalContent, aiDetectedSentences }),
        expectH1: startsWithH1(originalContent),
        expectedWords: countWords(originalContent),
        document: {
          target: versionTarget(req.documentId, {
            brief: session?.contentType ?? "Final rewrite",
            session: session ? sessionOf(session) : undefined,
            fallbackTitle: session?.contentType ?? "Final rewrite",
          }),
          kind: "final",
          source: req.sourceVersionId,
        },
        record: {
          currentDate: session?.currentDate ?? today(),
          contentType: session?.contentType ?? "Final rewrite",
          targetAudience: session?.targetAudience,
          wordCount: session?.wordCount,
          additionalContext: session?.additionalContext,
          writingStyle: session?.writingStyle,
        },
      },
      toGeneration,
    );
  }

  /** POST /api/revise-text: PROSE applied to pasted text only. */
  async prepareReviseText(userId: string, req: ReviseTextRequest): Promise<WritingJob<ReviseTextResponse>> {
    const { text } = req;
    return this.prepare(
      {
        userId,
        endpoint: "revise-text",
        aiProvider: req.aiProvider,
        prompt: buildReviseTextPrompt({ text }),
        offline: () => reviseTextOffline(text),
        expectH1: false,
        expectedWords: countWords(text),
        document: {
          target: versionTarget(req.documentId, { brief: "Revise existing text", fallbackTitle: text }),
          kind: "enhanced",
        },
        record: { currentDate: today(), contentType: "Revise existing text" },
      },
      (o) => ({ ...billed(o), response: o.text }),
    );
  }

  /** Who answers each provider: its model, the offline writer, or nobody. */
  writers(): WritersResponse {
    const { models } = this.deps;
    return { openai: models.available("openai"), anthropic: models.available("anthropic") };
  }

  /** The caller's own requests, newest first. */
  history(userId: string, limit = HISTORY_LIMIT): Promise<HistoryItem[]> {
    return listRequests(this.deps.db, userId, limit);
  }

  /** Clears the caller's request history. Billing records (usage, transactions) are never deleted. */
  reset(userId: string): Promise<number> {
    return clearRequests(this.deps.db, userId);
  }

  /**
   * Holds the estimated credits (a 402 'Insufficient credits…' when they are not there). The offline
   * writer is free: nothing is held and its usage row says `offline`, 0 credits. A 503 when no
   * model is configured and the offline writer is switched off.
   */
  private async prepare<R>(spec: JobSpec, shape: (o: Outcome) => R): Promise<WritingJob<R>> {
    const { charges, models, documents } = this.deps;
    const who = models.describe(spec.aiProvider);
    // Before any credit moves: another user's (or an unknown) document is a 404.
    const { target } = spec.document;
    if (target.documentId) await documents.ownDocument(spec.userId, target.documentId);
    const promptChars = spec.prompt.system.length + spec.prompt.prompt.length;
    const held = await charges.hold({
      userId: spec.userId,
      endpoint: USAGE_ENDPOINT[spec.endpoint],
      requestId: spec.requestId,
      ...(who.writer === "offline"
        ? { aiProvider: "offline", estimate: 0, price: 0 }
        : {
            aiProvider: spec.aiProvider,
            estimate: creditsForTokens(estimateWritingTokens({ targetWords: spec.expectedWords, promptChars })),
            metered: true,
          }),
    });
    return {
      requestId: held.requestId,
      aiProvider: spec.aiProvider,
      ...who,
      documentId: target.documentId ?? target.newDocument.id,
      run: async (opts = {}) => shape(await this.run(spec, held, opts)),
      abandon: () => held.release(),
    };
  }

  private async run(spec: JobSpec, held: Held, opts: RunOptions): Promise<Outcome> {
    const { models, logger } = this.deps;
    const log = logger.child({ requestId: held.requestId, endpoint: spec.endpoint });
    const startedAt = performance.now();
    const promptTokens = estimatedUsage(spec.prompt, "").inputTokens;
    let written = "";
    const charged = await held
      .run(
        async (meter) => {
          try {
            const result = await models.write({
              provider: spec.aiProvider,
              prompt: spec.prompt,
              offline: spec.offline,
              expectH1: spec.expectH1,
              signal: anySignal(opts.signal, meter.signal),
              onDelta: async (text) => {
                // Text the hold can't cover is never handed out: the meter stops the call instead.
                const covered = meter.observe(promptTokens + estimateTokens(written) + estimateTokens(text));
                if (!(covered === true || (covered !== false && (await covered)))) return;
                written += text;
                opts.onDelta?.(text);
              },
            });
            return { value: result, usage: billedUsage(result.usage) };
          } catch (err) {
            if (err instanceof WritingCancelled) {
              // What the client was sent, priced at characters ÷ 4 (an aborted call reports no usage).
              const who = models.describe(spec.aiProvider);
              const usage = who.writer === "offline" ? NO_TOKENS : estimatedUsage(spec.prompt, written);
              const partial = written ? { text: written, ...who, usage } : null;
              throw new PartialWork(partial, billedUsage(usage));
            }
            const appError = classifyProviderError(err);
            log.warn(
              {
                event: `writing.${spec.endpoint}.failed`,
                provider: spec.aiProvider,
                code: appError.code,
                cause: describeCause(err),
              },
              "model call failed",
            );
            throw appError;
          }
        },
        (tx, r) =>
          this.record(tx, spec, r.requestId, {
            ...r.value,
            responseTime: Math.round(performance.now() - startedAt),
            creditsUsed: r.creditsUsed,
            partial: r.partial,
          }),
      )
      .catch((err: unknown) => {
        // Delivered and charged, not saved: a JSON answer's only copy of the text rides on the refusal.
        if (err instanceof NotSaved) throw err.withText((err.value as { text: string }).text);
        throw err;
      });
    // Saved with the settlement (a cancelled call throws before this line, its text saved too).
    const saved = charged.saved as SavedVersion;
    const responseTime = Math.round(performance.now() - startedAt);
    const { value: result, creditsUsed } = charged;
    log.info(
      {
        event: `writing.${spec.endpoint}.${charged.stopped ? "stopped" : "done"}`,
        provider: spec.aiProvider,
        writer: result.writer,
        model: result.model,
        tokens: result.usage.totalTokens,
        hold: held.estimate,
        credits: creditsUsed,
        ms: responseTime,
      },
      "writing done",
    );
    return {
      text: result.text,
      ...(charged.stopped ? { stopped: charged.stopped, notice: STOP_MESSAGES[charged.stopped] } : {}),
      requestId: held.requestId,
      documentId: saved.documentId,
      versionId: saved.versionId,
      responseTime,
      creditsUsed,
      tokensUsed: result.usage.totalTokens,
      aiProvider: spec.aiProvider,
      writer: result.writer,
      model: result.model,
    };
  }

  /** The history row and the document version, written in the transaction that settles the request's credits. */
  private async record(
    tx: Tx,
    spec: JobSpec,
    requestId: string,
    r: {
      text: string;
      writer: Writer;
      model: string;
      usage: TokenUsage;
      responseTime: number;
      creditsUsed: number;
      partial: boolean;
    },
  ): Promise<SavedVersion> {
    await recordRequest(tx, {
      userId: spec.userId,
      requestId,
      endpoint: spec.endpoint,
      currentDate: spec.record.currentDate,
      contentType: spec.record.contentType,
      targetAudience: spec.record.targetAudience ?? null,
      wordCount: spec.record.wordCount ?? null,
      additionalContext: spec.record.additionalContext ?? null,
      aiProvider: spec.aiProvider,
      writingStyle: spec.record.writingStyle ?? null,
      model: r.model,
      response: assistantMessage(r.text, r.writer, r.model),
      tokensUsed: r.usage.totalTokens,
      responseTime: r.responseTime,
      creditsUsed: r.creditsUsed,
    });
    return this.deps.documents.saveVersion(tx, spec.userId, spec.document.target, {
      kind: spec.document.kind,
      content: r.text,
      model: r.model,
      writer: r.writer,
      creditsUsed: r.creditsUsed,
      requestId,
      partial: r.partial,
      sourceVersionId: spec.document.source,
    });
  }
}

/** The caller's document when one is named, else a new one (its id chosen now, so a stream can name it). */
function versionTarget(
  documentId: string | undefined,
  fresh: { brief: string; session?: DocumentSession; fallbackTitle: string },
): VersionTarget {
  return {
    documentId,
    newDocument: {
      id: randomUUID(),
      brief: fresh.brief,
      session: fresh.session,
      fallbackTitle: cutTitle(fresh.fallbackTitle, 100) || "Untitled document",
    },
  };
}

/** The session fields a document keeps, so the full app can reopen it with the same context. */
function sessionOf(s: SessionContext): DocumentSession {
  return {
    currentDate: s.currentDate,
    contentType: s.contentType,
    aiProvider: s.aiProvider,
    writingStyle: s.writingStyle,
    ...(s.targetAudience ? { targetAudience: s.targetAudience } : {}),
    ...(s.wordCount ? { wordCount: s.wordCount } : {}),
    ...(s.additionalContext ? { additionalContext: s.additionalContext } : {}),
    ...(s.seoKeywords ? { seoKeywords: s.seoKeywords } : {}),
  };
}

/** The ledger's split of a model call's tokens: the prompt, and everything after it. */

function toDraftRequest(s: SessionContext): DraftRequest {
  return {
    currentDate: s.currentDate,
    contentType: s.contentType,
    targetAudience: s.targetAudience,
    wordCount: s.wordCount,
    additionalContext: s.additionalContext,
    writingStyle: s.writingStyle,
    seoKeywords: s.seoKeywords,
  };
}

/** The answer's fields beside the text. */
function billed({ text: _text, ...answer }: Outcome): Billed {
  return answer;
}

function toGeneration(o: Outcome): GenerationResponse {
  return { response: assistantMessage(o.text, o.writer, o.model), ...billed(o) };
}

/** For the log only: the failure's name, status and message (never a body that could echo a prompt). */
function describeCause(err: unknown) {
  if (err instanceof AppError) return { code: err.code };
  const e = err as {
    name?: string;
    statusCode?: number;
    message?: string;
    lastError?: { statusCode?: number; message?: string };
  };
  return {
    name: e?.name,
    status: e?.statusCode ?? e?.lastError?.statusCode,
    message: String(e?.lastError?.message ?? e?.message ?? err).slice(0, 300),
  };
}

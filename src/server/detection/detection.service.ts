// POST /api/detect-ai's rules: 413 above DETECTION_MAX_CHARS; the caller's own request checked before
// any work; 1 credit charged only when the detection succeeded (a refusal — too short, not English —
// or a failing third-party service charges nothing and answers success:false). A successful result
// is attached to the caller's request and to the caller's document version, when they are named, in the
// transaction that charges for it. The same text checked again by the same detector (and, for the
// built-in one, the same weights) answers from the caller's stored check, free, with `cached: true`.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  DETECTION_MAX_CHARS,
  type DetectionResult,
  type DetectorName,
  DetectorNameSchema,
  type DetectResponse,
  failedDetection,
} from "../../shared/detection";
import { CREDITS } from "../../shared/limits";
import { type Charges, NotSaved } from "../credits/charge";
import type { Db } from "../db/client";
import { detectionChecks } from "../db/schema";
import type { DocumentsService } from "../documents/index";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { attachDetectionToRequest, ownRequest } from "../writing/index";
import { builtinModelId, type Detector } from "./index";

/** The usage row's endpoint for a detection (the path the client called, like the other features). */
export const DETECT_ENDPOINT = "/api/detect-ai";

export const TOO_LONG_MESSAGE = `Text is too long for AI detection: at most ${DETECTION_MAX_CHARS.toLocaleString("en-US")} characters.`;

export interface DetectionServiceDeps {
  db: Db;
  charges: Charges;
  detector: Detector;
  logger: Logger;
  documents: DocumentsService;
}

export interface DetectInput {
  text: string;
  /** api_requests.id (a number, or its digits) or api_requests.request_id (the uuid). */
  requestId?: number | string;
  /** Store the result on this version of the caller's document (both or neither). */
  documentId?: string;
  versionId?: string;
  /** The charge's request id, when the caller keys it (a batch step: charged once however often it runs). */
  chargeId?: string;
}

export class DetectionService {
  constructor(private readonly deps: DetectionServiceDeps) {}

  get detectorName(): DetectorName {
    const parsed = DetectorNameSchema.safeParse(this.deps.detector.name);
    return parsed.success ? parsed.data : "builtin";
  }

  async detect(userId: string, input: DetectInput, signal?: AbortSignal): Promise<DetectResponse> {
    const { charges, detector, logger } = this.deps;
    if (input.text.length > DETECTION_MAX_CHARS)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `${TOO_LONG_MESSAGE} This text has ${input.text.length.toLocaleString("en-US")}.`,
        {
          limit: DETECTION_MAX_CHARS,
        },
      );
    // Before any credit moves: a request that is not the caller's is "not found" (never "forbidden",
    // which would tell a stranger that the id exists). The stored check is read meanwhile (a read:
    // its answer is used only once both are the caller's).
    const version =
      input.documentId && input.versionId ? { documentId: input.documentId, versionId: input.versionId } : undefined;
    const textSha256 = createHash("sha256").update(input.text).digest("hex");
    const [target, , stored] = await Promise.all([
      input.requestId === undefined ? undefined : ownRequest(this.deps.db, userId, input.requestId),
      version && this.deps.documents.ownVersion(userId, version.documentId, version.versionId),
      this.storedCheck(userId, textSha256),
    ]);
    if (stored) {
      // One statement needs no transaction of its own (a batch's check of a text it has seen: one round trip).
      if (target !== undefined && version)
        await this.deps.db.transaction(async (tx) => {
          await attachDetectionToRequest(tx, userId, target, stored);
          await this.deps.documents.attachDetection(tx, userId, version, stored);
        });
      else if (target !== undefined) await attachDetectionToRequest(this.deps.db, userId, target, stored);
      else if (version) await this.deps.documents.attachDetection(this.deps.db, userId, version, stored);
      logger.info(
        { event: "detect.cached", detector: stored.detector, words: stored.wordCount },
        "detection from a stored check",
      );
      return { aiDetection: stored, creditsUsed: 0, cached: true };
    }

    const started = performance.now();
    const charged = await charges
      .charge({
        userId,
        requestId: input.chargeId,
        endpoint: DETECT_ENDPOINT,
        aiProvider: detector.name,
        estimate: CREDITS.detection,
        price: CREDITS.detection,
        work: async () => {
          let result: DetectionResult;
          try {
            result = await detector.detect(input.text, { signal, owner: userId });
          } catch (err) {
            // The CPU pool's 429 for an owner whose texts overran its time limit too often is the answer.
            if (err instanceof AppError && err.code === "RATE_LIMITED") throw err;
            // Detectors resolve failures as success:false; anything thrown is still the service's failure.
            logger.error({ event: "detect.unexpected", err }, "detector threw");
            result = failedDetection(this.detectorName, "AI detection failed unexpectedly. Please try again.");
          }
          return { value: result, billable: result.success };
        },
        // Only when the result goes somewhere: without a save the charge is one statement, its own transaction.
        save:
          target === undefined && !version
            ? undefined
            : async (tx, { value }) => {
                if (target !== undefined) await attachDetectionToRequest(tx, userId, target, value);
                if (version) await this.deps.documents.attachDetection(tx, userId, version, value);
              },
      })
      .catch((err: unknown) => {
        // Charged, not attached: the verdict rides on the refusal (delivered is paid).
        if (!(err instanceof NotSaved)) throw err;
        throw new AppError("NOT_SAVED", err.message.replace(/^Saved nothing: The text/, "Saved nothing: The verdict"), {
          ...err.details,
          aiDetection: err.value,
        });
      });
    const result = charged.value;
    if (result.success) await this.storeCheck(userId, textSha256, result);
    const ms = Math.round(performance.now() - started);
    logger.info(
      {
        event: result.success ? "detect.done" : "detect.refused",
        requestId: charged.requestId,
        detector: result.detector,
        words: result.wordCount,
        error: result.error,
        ms,
        credits: charged.creditsUsed,
      },
      result.success ? "detection done" : "no charge",
    );
    return { aiDetection: result, creditsUsed: charged.creditsUsed };
  }

  /** What names this detector's answers: its name and, for the built-in one, its weights. */
  private get detectorKey(): string {
    const name = this.detectorName;
    return name === "builtin" ? `builtin:${builtinModelId()}` : name;
  }

  private async storedCheck(userId: string, textSha256: string): Promise<DetectionResult | undefined> {
    const [row] = await this.deps.db
      .select({ result: detectionChecks.result })
      .from(detectionChecks)
      .where(
        and(
          eq(detectionChecks.userId, userId),
          eq(detectionChecks.detectorKey, this.detectorKey),
          eq(detectionChecks.textSha256, textSha256),
        ),
      )
      .limit(1);
    return row?.result;
  }

  /** Keeps a paid check for a free re-check. The charge has committed: a failure here costs only the saving. */
  private async storeCheck(userId: string, textSha256: string, result: DetectionResult): Promise<void> {
    try {
      await this.deps.db
        .insert(detectionChecks)
        .values({ userId, detectorKey: this.detectorKey, textSha256, result })
        .onConflictDoNothing();
    } catch (err) {
      this.deps.logger.warn({ event: "detect.store_failed", err }, "the check was not kept for a free re-check");
    }
  }
}

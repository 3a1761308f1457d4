// api_requests, the request history (GET /api/history), has one owner: this module. Writing
// records each settled call here, in the transaction that charges it; detection looks a request up
// and attaches its verdict here; the history is listed and cleared here. Nothing else writes it.
import { and, desc, eq } from "drizzle-orm";
import type { DetectionResult } from "../../shared/detection";
import { HISTORY_LIMIT } from "../../shared/limits";
import type { AiProvider, HistoryItem, WritingEndpoint } from "../../shared/writing";
import type { Db, DbOrTx, Tx } from "../db/client";
import { apiRequests, documentVersions } from "../db/schema";
import { AppError } from "../errors";

/** One settled call's history row. */
export type RequestRecord = typeof apiRequests.$inferInsert;

/** Appends a settled call's row (inside the transaction that settles its credits). */
export async function recordRequest(tx: Tx, row: RequestRecord): Promise<void> {
  await tx.insert(apiRequests).values(row);
}

/** The caller's own requests, newest first. */
export async function listRequests(db: Db, userId: string, limit = HISTORY_LIMIT): Promise<HistoryItem[]> {
  const rows = await db
    .select({
      id: apiRequests.id,
      requestId: apiRequests.requestId,
      createdAt: apiRequests.createdAt,
      aiProvider: apiRequests.aiProvider,
      responseTime: apiRequests.responseTime,
      contentType: apiRequests.contentType,
      currentDate: apiRequests.currentDate,
      endpoint: apiRequests.endpoint,
      model: apiRequests.model,
      creditsUsed: apiRequests.creditsUsed,
      tokensUsed: apiRequests.tokensUsed,
      documentId: documentVersions.documentId,
    })
    .from(apiRequests)
    .leftJoin(documentVersions, eq(documentVersions.requestId, apiRequests.requestId))
    .where(eq(apiRequests.userId, userId))
    .orderBy(desc(apiRequests.createdAt), desc(apiRequests.id))
    .limit(Math.min(Math.max(1, limit), HISTORY_LIMIT));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    aiProvider: r.aiProvider as AiProvider,
    endpoint: r.endpoint as WritingEndpoint,
  }));
}

/** Clears the caller's request history; returns the rows deleted. Billing records are never deleted. */
export async function clearRequests(db: Db, userId: string): Promise<number> {
  const deleted = await db.delete(apiRequests).where(eq(apiRequests.userId, userId)).returning({ id: apiRequests.id });
  return deleted.length;
}

/** The api_requests.id of the caller's request named by `ref`; a 404 when it is not theirs or absent. */
export async function ownRequest(db: Db, userId: string, ref: number | string): Promise<number> {
  const notFound = () => new AppError("NOT_FOUND", "Request not found: requestId must name one of your requests.");
  const asId = typeof ref === "number" ? ref : /^\d{1,15}$/.test(ref.trim()) ? Number(ref.trim()) : undefined;
  if (asId !== undefined && (!Number.isSafeInteger(asId) || asId < 1 || asId > 2_147_483_647)) throw notFound();
  if (asId === undefined && (ref === "" || String(ref).length > 200)) throw notFound();
  const rows = await db
    .select({ id: apiRequests.id })
    .from(apiRequests)
    .where(
      and(
        eq(apiRequests.userId, userId),
        asId !== undefined ? eq(apiRequests.id, asId) : eq(apiRequests.requestId, String(ref).trim()),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound();
  return row.id;
}

/** Stores a detection's verdict on the caller's request `id` (found by ownRequest). */
export async function attachDetectionToRequest(
  tx: DbOrTx,
  userId: string,
  id: number,
  result: DetectionResult,
): Promise<void> {
  await tx
    .update(apiRequests)
    .set({ aiDetectionResult: result })
    .where(and(eq(apiRequests.id, id), eq(apiRequests.userId, userId)));
}

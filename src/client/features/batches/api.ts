// Batches' client calls (docs/api.md "Batches"). Failures throw ApiError (lib/api.ts).
import { useQuery } from "@tanstack/react-query";
import type {
  BatchCreatedResponse,
  BatchesResponse,
  BatchResponse,
  CreateBatchRequestInput,
} from "../../../shared/batches";
import { apiFetch, apiGet, apiPost, authHeaders } from "../../lib/api";
import { saveResponse } from "../../lib/download";
import { FRESH_ON_MOUNT } from "../../lib/query";

export const BATCHES_KEY = ["batches"] as const;
export const BATCH_KEY = (id: string) => [...BATCHES_KEY, "one", id] as const;
/** How often a live batch page asks for news. */
const LIVE_POLL_MS = 1000;

export function useBatches() {
  return useQuery({ queryKey: BATCHES_KEY, queryFn: () => apiGet<BatchesResponse>("/api/batches"), ...FRESH_ON_MOUNT });
}

export function useBatch(id: string) {
  return useQuery({
    queryKey: BATCH_KEY(id),
    queryFn: () => apiGet<BatchResponse>(`/api/batches/${encodeURIComponent(id)}`),
    // Live while anything may still move.
    refetchInterval: (q) => {
      const b = q.state.data?.batch;
      if (!b) return false;
      return b.status === "running" || b.counts.running > 0 ? LIVE_POLL_MS : false;
    },
    ...FRESH_ON_MOUNT,
  });
}

export const createBatch = (body: CreateBatchRequestInput) => apiPost<BatchCreatedResponse>("/api/batches", body);

/** Uploads a CSV file as it is; a 400 carries the problems and the rows read (BatchInvalidResponse). */
export async function uploadBatchCsv(file: Blob, name: string): Promise<Response> {
  return fetch(`/api/batches/csv${name ? `?name=${encodeURIComponent(name)}` : ""}`, {
    method: "POST",
    headers: { ...authHeaders(), "Content-Type": "text/csv" },
    body: file,
    credentials: "include",
  });
}

export const batchAction = (id: string, action: "start" | "pause" | "resume" | "cancel") =>
  apiPost<BatchCreatedResponse>(`/api/batches/${encodeURIComponent(id)}/${action}`);

export const retryRow = (id: string, rowId: string) =>
  apiPost<BatchCreatedResponse>(`/api/batches/${encodeURIComponent(id)}/rows/${encodeURIComponent(rowId)}/retry`);

/** Saves the batch's ZIP or CSV summary through the browser, named by the server. */
export async function downloadBatchFile(id: string, file: "export.zip" | "summary.csv") {
  const res = await apiFetch("GET", `/api/batches/${encodeURIComponent(id)}/${file}`);
  await saveResponse(res, file);
}

// A batch's files: the CSV a user uploads (read with csv-parse), the ZIP of its rows (fflate) and
// the CSV summary (every field quoted, quotes doubled: RFC 4180).
import { parse } from "csv-parse/sync";
import { strToU8, zipSync } from "fflate";
import { BATCH_CSV_MAX_BYTES, BATCH_MAX_ROWS, type BatchRowInput } from "../../shared/batches";
import { countOf } from "../../shared/plural";
import { AppError } from "../errors";

/** Header names a CSV may use for each field (compared lower-cased, spaces and _ removed). */
const HEADERS: Record<string, keyof BatchRowInput> = {
  topic: "topic",
  keyword: "topic",
  topickeyword: "topic",
  title: "topic",
  contenttype: "contentType",
  type: "contentType",
  audience: "targetAudience",
  targetaudience: "targetAudience",
  wordcount: "wordCount",
  words: "wordCount",
  additionalcontext: "additionalContext",
  context: "additionalContext",
  extracontext: "additionalContext",
  model: "aiProvider",
  aiprovider: "aiProvider",
  provider: "aiProvider",
  writingstyle: "writingStyle",
  style: "writingStyle",
};

const headerKey = (h: string) => h.toLowerCase().replace(/[\s_\-/]+/g, "");

/** The rows of an uploaded CSV (UTF-8, a header row naming a topic column, at most BATCH_MAX_ROWS rows). */
export function parseBatchCsv(bytes: Uint8Array): BatchRowInput[] {
  if (bytes.byteLength > BATCH_CSV_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", "This CSV is too large: at most 2 MB.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("VALIDATION", "This file is not UTF-8 text. Save the CSV as UTF-8 and upload it again.");
  }
  // The input guard's rule, here because this body is read as bytes (its encoding checked above).
  if (text.includes("\0"))
    throw new AppError("VALIDATION", "This CSV contains a NUL character: it is not a text file.");
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw new AppError("VALIDATION", `This CSV could not be read: ${(err as Error).message}`);
  }
  const [header, ...data] = records;
  const fields = (header ?? []).map((h) => HEADERS[headerKey(h)]);
  if (!fields.includes("topic"))
    throw new AppError(
      "VALIDATION",
      "This CSV has no recognisable header: its first row must name the columns, with one called topic or keyword.",
    );
  if (data.length === 0) throw new AppError("VALIDATION", "This CSV has a header but no rows.");
  if (data.length > BATCH_MAX_ROWS)
    throw new AppError(
      "VALIDATION",
      `This CSV has ${countOf(data.length, "row")}; a batch has at most ${countOf(BATCH_MAX_ROWS, "row")}.`,
    );
  return data.map((cells) => {
    const row: BatchRowInput = {};
    fields.forEach((field, i) => {
      const value = cells[i];
      if (field && value !== undefined && value !== "") row[field] = value;
    });
    return row;
  });
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "row";

export interface ExportRow {
  line: number;
  topic: string;
  status: string;
  verdict: string | null;
  aiPercentage: number | null;
  creditsSpent: number;
  documentId: string | null;
  error: string | null;
  markdown: string | null;
  html: string | null;
  publishedUrl: string | null;
}

const csvField = (v: string | number | null) => `"${String(v ?? "").replace(/"/g, '""')}"`;

/** One line per row: what it is, how it ended, its verdict and credits. */
export function summaryCsv(rows: ExportRow[]): string {
  const header = [
    "line",
    "topic",
    "status",
    "verdict",
    "ai_percentage",
    "credits",
    "document_id",
    "published_url",
    "error",
  ];
  const lines = rows.map((r) =>
    [r.line, r.topic, r.status, r.verdict, r.aiPercentage, r.creditsSpent, r.documentId, r.publishedUrl, r.error]
      .map(csvField)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}

/** A ZIP with each row's Markdown and HTML (when it has them) and the summary. */
export function batchZip(rows: ExportRow[]): Uint8Array {
  const files: Record<string, Uint8Array> = { "summary.csv": strToU8(summaryCsv(rows)) };
  for (const r of rows) {
    const base = `${String(r.line).padStart(3, "0")}-${slug(r.topic)}`;
    if (r.markdown) files[`${base}.md`] = strToU8(r.markdown);
    if (r.html) files[`${base}.html`] = strToU8(r.html);
  }
  return zipSync(files, { level: 6 });
}

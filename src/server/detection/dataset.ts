/**
 * Labelled texts for training and evaluating the built-in detector
 * (JSON lines: {label: "human"|"ai", text, id?, domain?, generator?}).
 * Node-only: scripts use it, the request path never does.
 */
import { readFileSync } from "node:fs";
import { fnv1a } from "./logistic";

export interface LabelledText {
  id: string;
  label: "human" | "ai";
  text: string;
  domain: string;
  generator: string;
}

export function readLabelledTexts(path: string): LabelledText[] {
  const lines = readFileSync(path, "utf8").split("\n");
  const records: LabelledText[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const raw = JSON.parse(line) as Record<string, unknown>;
    if ((raw.label !== "human" && raw.label !== "ai") || typeof raw.text !== "string") {
      throw new Error(`${path}:${index + 1}: expected {label: "human"|"ai", text}`);
    }
    records.push({
      id: typeof raw.id === "string" ? raw.id : `line-${index + 1}`,
      label: raw.label,
      text: raw.text,
      domain: typeof raw.domain === "string" ? raw.domain : "unknown",
      generator: typeof raw.generator === "string" ? raw.generator : raw.label === "human" ? "human" : "unknown",
    });
  });
  return records;
}

/** Deterministic 80/20 split by hash of the record id: the 20% is never trained on. */
export function isHeldOut(record: Pick<LabelledText, "id">): boolean {
  return fnv1a(`draftsmith-detector|${record.id}`) % 5 === 0;
}

/**
 * Labelled texts for training and evaluating the built-in detector (JSON lines:
 * {label: "human"|"ai", text, id?, domain?, generator?, source?}). Node-only: scripts and tests use it,
 * the request path never does.
 *
 * The detector trains on two sets (see docs/detector.md for their licences and credits):
 * - ../shared/data/detector-dev/dev.jsonl: 270 texts, BBC news (XSum) and r/WritingPrompts fiction,
 *   GPT-4, GPT-3.5-turbo and base GPT-3 davinci (fast-detect-gpt, MIT);
 * - ../shared/data/detector-train/train.jsonl: 1,554 texts in 8 domains, GPT-4o, Gemini 1.5 Pro,
 *   Llama 3 70B, Claude 3 and ChatGPT (L2R, CC BY 3.0; glimpse, MIT; chatgpt-student-essay-study, Apache-2.0).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface LabelledText {
  id: string;
  label: "human" | "ai";
  text: string;
  /** The domain as the file names it. */
  domain: string;
  /**
   * The domain left out together in leave-one-domain-out evaluation. Both files hold BBC XSum news
   * ("news-bbc-xsum" in the dev set, "news" in the training set): one domain, so that leaving news out
   * never leaves the same articles' siblings in training.
   */
  group: string;
  generator: string;
  /** The repository the record was read from (fast-detect-gpt, glimpse, L2R, …). */
  source: string;
  /** Which file the record came from ("dev" or "train"). */
  set: string;
}

/**
 * AI texts from fast-detect-gpt and glimpse continue the first ~30 tokens of a human article or story,
 * so their first sentence is partly human (the READMEs say so).
 */
export const continuesHumanPrefix = (record: Pick<LabelledText, "label" | "source">): boolean =>
  record.label === "ai" && /fast-detect-gpt|glimpse/.test(record.source);

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** Where the two data sets live; DETECTOR_DATA_DIR overrides it. */
export const DATA_DIR = resolve(process.env.DETECTOR_DATA_DIR ?? resolve(repoRoot, "../shared/data"));

/** The files the shipped model is trained on, with the sha256 their READMEs give. */
export const TRAINING_FILES = [
  {
    set: "dev",
    path: resolve(DATA_DIR, "detector-dev/dev.jsonl"),
    sha256: "535d7cffa6e9edac474476f22912ab53ca8ac31668916a3e82a5be0eeedcdef9",
  },
  {
    set: "train",
    path: resolve(DATA_DIR, "detector-train/train.jsonl"),
    sha256: "7b5ba7c6f318fc06d74d9d46319c8bc8400a15131ed9c030fcb148ebb09651ef",
  },
] as const;

const DOMAIN_GROUPS: Record<string, string> = {
  "news-bbc-xsum": "news",
  "fiction-writingprompts": "fiction",
};

export const groupOf = (domain: string): string => DOMAIN_GROUPS[domain] ?? domain;

export class MissingDataError extends Error {}

export function readLabelledTexts(path: string, set = "file"): LabelledText[] {
  if (!existsSync(path)) {
    throw new MissingDataError(
      `Detector data not found: ${path}. The detector's data sets live in ../shared/data/ ` +
        "(detector-dev/dev.jsonl and detector-train/train.jsonl); set DETECTOR_DATA_DIR to their folder.",
    );
  }
  const lines = readFileSync(path, "utf8").split("\n");
  const records: LabelledText[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const raw = JSON.parse(line) as Record<string, unknown>;
    if ((raw.label !== "human" && raw.label !== "ai") || typeof raw.text !== "string") {
      throw new Error(`${path}:${index + 1}: expected {label: "human"|"ai", text}`);
    }
    const domain = typeof raw.domain === "string" ? raw.domain : "unknown";
    records.push({
      id: typeof raw.id === "string" ? raw.id : `line-${index + 1}`,
      label: raw.label,
      text: raw.text,
      domain,
      group: groupOf(domain),
      generator: typeof raw.generator === "string" ? raw.generator : raw.label === "human" ? "human" : "unknown",
      source: typeof raw.source === "string" ? raw.source : "unknown",
      set,
    });
  });
  return records;
}

/**
 * Both training files, checked against the sha256 their READMEs give (a changed file would silently
 * change the weights), in a fixed order: dev, then train.
 */
export function readTrainingTexts(): LabelledText[] {
  const records: LabelledText[] = [];
  for (const file of TRAINING_FILES) {
    const texts = readLabelledTexts(file.path, file.set);
    const digest = createHash("sha256").update(readFileSync(file.path)).digest("hex");
    if (digest !== file.sha256) {
      throw new Error(`${file.path}: sha256 ${digest}, expected ${file.sha256} (the README's). Was the file changed?`);
    }
    records.push(...texts);
  }
  return records;
}

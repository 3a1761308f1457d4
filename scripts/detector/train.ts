/**
 * Trains the built-in AI detector on both data sets and writes src/server/detection/model.json.
 *
 *   npm run train:detector              # rebuild model.json
 *   npm run train:detector -- --check   # rebuild in memory; exit 1 unless it equals the committed file byte for byte
 *
 * Data: ../shared/data/detector-dev/dev.jsonl and ../shared/data/detector-train/train.jsonl (checked against
 * the sha256 their READMEs give; DETECTOR_DATA_DIR overrides the folder). Deterministic: no randomness,
 * numbers rounded to 6 decimals, so the same data gives the same bytes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MissingDataError, readTrainingTexts } from "./dataset";
import { trainDetector } from "./training";

export const MODEL_PATH = resolve(dirname(fileURLToPath(import.meta.url)), "../../src/server/detection/model.json");

/**
 * model.json's exact text for a trained model. A pair of whole numbers (the bigram models' [AI, human]
 * counts) stays on one line, so the ~20,000 entries read as a table, one per line.
 */
export function serializeModel(model: object): string {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const text = JSON.stringify(model, (_key, value) => (typeof value === "number" ? round(value) : value), 2);
  return `${text.replace(/\[\n\s+(\d+),\n\s+(\d+)\n\s+\]/g, "[$1, $2]")}\n`;
}

/** Trains on both data sets and returns model.json's text. */
export function buildModelJson(): string {
  return serializeModel(trainDetector(readTrainingTexts()).model);
}

function main() {
  const check = process.argv.includes("--check");
  let text: string;
  try {
    text = buildModelJson();
  } catch (error) {
    if (error instanceof MissingDataError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (check) {
    const committed = readFileSync(MODEL_PATH, "utf8");
    if (committed !== text) {
      console.error(
        `${MODEL_PATH} differs from what training produces now: run \`npm run train:detector\` and commit the result.`,
      );
      process.exit(1);
    }
    console.log(`${MODEL_PATH} is reproduced byte for byte (${text.length} bytes).`);
    return;
  }
  writeFileSync(MODEL_PATH, text);
  const model = JSON.parse(text);
  console.log(
    JSON.stringify({
      trainedOn: model.trainedOn,
      document: { l2: model.training.document.l2, lodoMeanAuroc: model.training.document.lodoMeanAuroc },
      sentence: { l2: model.training.sentence.l2, lodoMeanAuroc: model.training.sentence.lodoMeanAuroc },
      thresholds: model.thresholds,
      centre: model.sentencePrior.centre,
    }),
  );
  console.log(`wrote ${MODEL_PATH} (${text.length} bytes)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

/**
 * Trains the built-in AI detector and writes src/server/detection/model.json.
 *
 *   npm run train:detector -- [path/to/labelled.jsonl]
 *
 * Default data: ../shared/data/detector-dev/dev.jsonl (relative to the repo).
 * The 20% hash-selected held-out split is excluded from training so
 * eval-detector can report on texts the model never saw.
 */
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isHeldOut, readLabelledTexts } from "../src/server/detection/dataset";
import { trainDetector } from "../src/server/detection/training";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataPath = resolve(process.argv[2] ?? resolve(repoRoot, "../shared/data/detector-dev/dev.jsonl"));
const modelPath = resolve(repoRoot, "src/server/detection/model.json");

const records = readLabelledTexts(dataPath);
const training = records.filter((r) => !isHeldOut(r));
const model = trainDetector(training, records.length - training.length);

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const rounded = JSON.parse(JSON.stringify(model, (_key, value) => (typeof value === "number" ? round(value) : value)));
writeFileSync(modelPath, `${JSON.stringify(rounded, null, 2)}\n`);

console.log(
  JSON.stringify({
    data: dataPath,
    trainedOn: model.trainedOn,
    l2: model.training.l2,
    cvAuroc: model.training.crossValidatedAuroc,
    thresholds: model.thresholds,
  }),
);
const ranked = model.document.features
  .map((name, j) => ({ name, weight: round(model.document.weights[j]) }))
  .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
console.log(JSON.stringify({ documentWeights: ranked }));
console.log(`wrote ${modelPath}`);

// `npm run eval:prose [-- --provider openai|anthropic] [--words 800]`: writes a draft for each brief
// in both PROSE versions with the configured writer (the offline writer when the provider has no
// key), scores every draft with the built-in detector and prints the figures to compare prompt
// changes by: AI % (lower is better), flagged sentences per 100, stock phrases, word-count error.
import { parseArgs } from "node:util";
import { createWritingModels } from "../src/server/ai/models";
import { loadConfig } from "../src/server/config";
import { detectBuiltin } from "../src/server/detection";
import { writeOfflineDraft } from "../src/server/writing/offline";
import { buildDraftPrompt, type DraftRequest, STOCK_PHRASES, type WritingStyle } from "../src/server/writing/prose";
import { countWords } from "../src/shared/text";

const BRIEFS = [
  {
    contentType: "How-to guide: how small bakeries can get more local customers with Google Business Profile",
    targetAudience: "owners of small independent bakeries",
  },
  {
    contentType: "Explainer for finance managers at 20–50 person companies on closing the month two days faster",
    targetAudience: "finance managers",
  },
  {
    contentType: "Buying guide for trail runners choosing their first pair of waterproof shoes",
    targetAudience: "new trail runners",
  },
  {
    contentType: "Checklist for solo bloggers refreshing old posts that lost traffic",
    targetAudience: "solo bloggers",
  },
  {
    contentType: "Comparison: Shopify vs WooCommerce for a one-person candle business",
    targetAudience: "makers selling online for the first time",
  },
  { contentType: "What is a Roth IRA and who should open one?", targetAudience: "people in their first full-time job" },
];

const { values } = parseArgs({
  options: { provider: { type: "string", default: "openai" }, words: { type: "string", default: "800" } },
});
const provider = values.provider === "anthropic" ? "anthropic" : "openai";
const config = loadConfig();
const models = createWritingModels(config);
const who = models.describe(provider);
console.log(
  `eval:prose — writer ${who.writer} (${who.model}), ${BRIEFS.length} briefs × 2 styles, ${values.words} words each\n`,
);

const stockRe = new RegExp(STOCK_PHRASES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gi");
const rows: Record<string, number | string>[] = [];
for (const style of ["prose2", "original"] as WritingStyle[]) {
  let ai = 0;
  let flagged = 0;
  let sentences = 0;
  let stock = 0;
  let wordError = 0;
  for (const brief of BRIEFS) {
    const req: DraftRequest = {
      currentDate: new Date().toISOString().slice(0, 10),
      wordCount: values.words,
      writingStyle: style,
      ...brief,
    };
    const { text } = await models.write({
      provider,
      prompt: buildDraftPrompt(req),
      offline: () => writeOfflineDraft(req),
      expectH1: true,
    });
    const result = detectBuiltin(text);
    ai += result.aiPercentage;
    flagged += result.aiSentences.length;
    sentences += result.sentences?.length ?? 0;
    stock += text.match(stockRe)?.length ?? 0;
    wordError += Math.abs(countWords(text) / Number(values.words) - 1);
  }
  rows.push({
    style,
    "mean AI %": +(ai / BRIEFS.length).toFixed(1),
    "flagged / 100 sentences": +((100 * flagged) / Math.max(1, sentences)).toFixed(1),
    "stock phrases": stock,
    "mean word-count error %": +((100 * wordError) / BRIEFS.length).toFixed(1),
  });
}
console.table(rows);

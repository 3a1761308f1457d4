import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verdictConflicts } from "../../shared/detection";
import { createDetector } from "./index";

const text =
  "The city council met on Tuesday. It is important to note that the budget plays a pivotal role. " +
  "Residents asked about potholes on Elm Street.";

type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_b, _q, res) => res.end("{}");
const seen: { path?: string; headers?: IncomingMessage["headers"]; body?: Record<string, unknown> } = {};
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      Object.assign(seen, { path: req.url, headers: req.headers, body });
      handler(body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (res: ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
};

const providers = [
  {
    name: "gptzero" as const,
    make: (timeoutMs?: number) =>
      createDetector({ detector: "gptzero", gptzeroApiKey: "secret-key", gptzeroBaseUrl: baseUrl, timeoutMs }),
    success: (res: ServerResponse) =>
      json(res, 200, {
        documents: [
          {
            completely_generated_prob: 0.873,
            average_generated_prob: 0.6,
            class_probabilities: { ai: 0.873, human: 0.1, mixed: 0.027 },
            predicted_class: "ai",
            sentences: [
              { sentence: "The city council met on Tuesday.", generated_prob: 0.1, highlight_sentence_for_ai: false },
              {
                sentence: "It is important to note that the budget plays a pivotal role.",
                generated_prob: 0.97,
                highlight_sentence_for_ai: true,
              },
              { sentence: "A sentence the provider invented.", generated_prob: 0.99, highlight_sentence_for_ai: true },
            ],
          },
        ],
      }),
    checkRequest: () => {
      expect(seen.path).toBe("/v2/predict/text");
      expect(seen.headers?.["x-api-key"]).toBe("secret-key");
      expect(seen.body).toEqual({ document: text });
    },
    aiPercentage: 87.3,
  },
  {
    name: "sapling" as const,
    make: (timeoutMs?: number) =>
      createDetector({ detector: "sapling", saplingApiKey: "secret-key", saplingBaseUrl: baseUrl, timeoutMs }),
    success: (res: ServerResponse) =>
      json(res, 200, {
        score: 0.873,
        sentence_scores: [
          { sentence: "The city council met on Tuesday.", score: 0.1 },
          { sentence: "It is important to note that the budget plays a pivotal role.", score: 0.97 },
          { sentence: "A sentence the provider invented.", score: 0.99 },
        ],
      }),
    checkRequest: () => {
      expect(seen.path).toBe("/api/v1/aidetect");
      expect(seen.body).toEqual({ key: "secret-key", text, sent_scores: true });
    },
    aiPercentage: 87.3,
  },
];

describe.each(providers)("$name adapter", (provider) => {
  it("maps a successful answer onto DetectionResult with verbatim sentences", async () => {
    handler = (_b, _q, res) => provider.success(res);
    const result = await provider.make().detect(text);
    provider.checkRequest();
    expect(result).toMatchObject({
      success: true,
      detector: provider.name,
      aiPercentage: provider.aiPercentage,
      isAiGenerated: true,
      aiSentences: ["It is important to note that the budget plays a pivotal role."],
    });
    expect(result.aiPercentage + result.humanPercentage).toBe(100);
    for (const s of result.sentences!) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  const failures: [string, Handler, RegExp][] = [
    ["401", (_b, _q, res) => json(res, 401, { error: "bad key" }), /authentication failed \(HTTP 401\)/],
    ["500", (_b, _q, res) => json(res, 500, "oops"), /HTTP 500/],
    ["malformed JSON", (_b, _q, res) => json(res, 200, "{not json"), /malformed response/],
    ["a JSON answer of the wrong shape", (_b, _q, res) => json(res, 200, { hello: 1 }), /malformed response/],
  ];
  for (const [name, failing, reason] of failures) {
    it(`reports ${name} as unavailable without throwing or leaking the key`, async () => {
      handler = failing;
      const result = await provider.make().detect(text);
      expect(result).toMatchObject({ success: false, aiPercentage: 0, humanPercentage: 100, aiSentences: [] });
      expect(result.error).toMatch(/^AI detection service unavailable: /);
      expect(result.error).toMatch(reason);
      expect(result.error).not.toContain("secret-key");
    });
  }

  it("times out on a server that never answers", async () => {
    // No answer ever comes, so the result can only be the timeout's (no clock is read here).
    const waiting: ServerResponse[] = [];
    handler = (_b, _q, res) => {
      waiting.push(res);
    };
    const result = await provider.make(150).detect(text);
    expect(waiting).toHaveLength(1);
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/timed out after 150 ms/);
    for (const res of waiting) res.destroy();
  });

  it("refuses to call without an API key", async () => {
    const result = await createDetector({ detector: provider.name, gptzeroBaseUrl: baseUrl }).detect(text);
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/no API key/);
  });
});

describe("createDetector", () => {
  it("returns the built-in detector by name", async () => {
    const detector = createDetector({ detector: "builtin" });
    expect(detector.name).toBe("builtin");
    expect((await detector.detect("Too short.")).success).toBe(false);
  });
});

describe("the providers' answers map onto the three verdict levels", () => {
  const gptzero = () => createDetector({ detector: "gptzero", gptzeroApiKey: "k", gptzeroBaseUrl: baseUrl });
  const sapling = () => createDetector({ detector: "sapling", saplingApiKey: "k", saplingBaseUrl: baseUrl });
  const flaggedSentence = "It is important to note that the budget plays a pivotal role.";
  const gptzeroAnswer = (document: Record<string, unknown>) => (_b: unknown, _q: unknown, res: ServerResponse) =>
    json(res, 200, {
      documents: [
        {
          sentences: [
            { sentence: "The city council met on Tuesday.", generated_prob: 0.1, highlight_sentence_for_ai: false },
            { sentence: flaggedSentence, generated_prob: 0.9, highlight_sentence_for_ai: true },
          ],
          ...document,
        },
      ],
    });

  it("GPTZero's class with high or medium confidence gives likely AI or likely human", async () => {
    handler = gptzeroAnswer({ completely_generated_prob: 0.93, predicted_class: "ai", confidence_category: "high" });
    const ai = await gptzero().detect(text);
    expect(ai.verdict).toEqual({
      level: "likely_ai",
      label: "Likely AI",
      reason: "GPTZero classifies it as AI-written with high confidence.",
    });
    expect(ai).toMatchObject({ isAiGenerated: true, aiSentences: [flaggedSentence] });

    handler = gptzeroAnswer({
      completely_generated_prob: 0.04,
      predicted_class: "human",
      confidence_category: "medium",
    });
    const human = await gptzero().detect(text);
    expect(human.verdict.level).toBe("likely_human");
    // GPTZero's highlight is not a strong, named reason: a likely-human text flags nothing.
    expect(human).toMatchObject({ isAiGenerated: false, aiSentences: [] });
    expect(verdictConflicts(human)).toEqual([]);
  });

  it("GPTZero's 'mixed', or a class with low confidence, gives mixed or uncertain", async () => {
    handler = gptzeroAnswer({ completely_generated_prob: 0.55, predicted_class: "mixed", confidence_category: "high" });
    const mixed = await gptzero().detect(text);
    expect(mixed.verdict).toMatchObject({ level: "uncertain", reason: "GPTZero found a mix of human and AI writing." });
    expect(mixed).toMatchObject({ isAiGenerated: false, aiSentences: [flaggedSentence] });

    handler = gptzeroAnswer({ completely_generated_prob: 0.7, predicted_class: "ai", confidence_category: "low" });
    expect((await gptzero().detect(text)).verdict).toMatchObject({
      level: "uncertain",
      reason: "GPTZero leans AI but with low confidence.",
    });
  });

  it("a GPTZero class that disagrees with its own probability becomes uncertain", async () => {
    handler = gptzeroAnswer({ completely_generated_prob: 0.3, predicted_class: "ai", confidence_category: "high" });
    const result = await gptzero().detect(text);
    expect(result.verdict.level).toBe("uncertain");
    expect(result.verdict.reason).toMatch(/disagree/);
    expect(result.isAiGenerated).toBe(false);
  });

  it("Sapling's score maps by bands: under 0.2 likely human, 0.8 and over likely AI, uncertain between", async () => {
    const answer = (score: number) => (_b: unknown, _q: unknown, res: ServerResponse) =>
      json(res, 200, {
        score,
        sentence_scores: [
          { sentence: "The city council met on Tuesday.", score: 0.1 },
          { sentence: flaggedSentence, score: 0.97 },
        ],
      });
    const levels: [number, string, boolean][] = [
      [0.05, "likely_human", false],
      [0.5, "uncertain", false],
      [0.85, "likely_ai", true],
    ];
    for (const [score, level, isAi] of levels) {
      handler = answer(score);
      const result = await sapling().detect(text);
      expect(result.verdict.level).toBe(level);
      expect(result.isAiGenerated).toBe(isAi);
      expect(verdictConflicts(result)).toEqual([]);
    }
  });

  it("a likely-AI answer that flags no sentence flags the provider's highest-scoring ones, or says less", async () => {
    handler = (_b, _q, res) =>
      json(res, 200, {
        score: 0.9,
        sentence_scores: [
          { sentence: "The city council met on Tuesday.", score: 0.3 },
          { sentence: flaggedSentence, score: 0.45 },
        ],
      });
    const none = await sapling().detect(text);
    expect(none.verdict.level).toBe("uncertain");
    expect(none.verdict.reason).toMatch(/did not say which sentences/);

    handler = (_b, _q, res) =>
      json(res, 200, {
        documents: [
          {
            completely_generated_prob: 0.95,
            predicted_class: "ai",
            sentences: [
              { sentence: "The city council met on Tuesday.", generated_prob: 0.6, highlight_sentence_for_ai: false },
              { sentence: flaggedSentence, generated_prob: 0.9, highlight_sentence_for_ai: false },
            ],
          },
        ],
      });
    const top = await gptzero().detect(text);
    expect(top.verdict.level).toBe("likely_ai");
    expect(top.aiSentences).toEqual(["The city council met on Tuesday.", flaggedSentence]);
    expect(top.sentences!.find((s) => s.text === flaggedSentence)!.reasons).toEqual([
      "Among GPTZero's highest AI probabilities",
    ]);
  });
});

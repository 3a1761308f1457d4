import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("times out on a slow server", async () => {
    handler = (_b, _q, res) => {
      setTimeout(() => provider.success(res), 1500).unref();
    };
    const started = Date.now();
    const result = await provider.make(150).detect(text);
    expect(Date.now() - started).toBeLessThan(1200);
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/timed out/);
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

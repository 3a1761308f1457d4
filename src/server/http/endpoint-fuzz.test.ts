// Issue 16: every /api endpoint, signed out, as a user and as an admin, under a table of hostile
// bodies, queries and path parameters and under fast-check's random ones. No answer may be a 5xx,
// and every 4xx is {"error": "<message>"}.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AUTH_ERROR_CODES, ERROR_CODES } from "../../shared/errors";
import { describeEachDatabase } from "../testing/databases";
import { type StripeTestApp, startStripeTestApp } from "../testing/stripe-app";
import type { SignedUpUser, TestApp } from "../testing/test-app";
import { MAX_JSON_DEPTH } from "./input-guard";

type Role = "anonymous" | "user" | "admin";
interface Endpoint {
  method: "GET" | "POST" | "DELETE";
  path: string;
  /** Session-ending endpoints are fuzzed signed out only, so the other calls keep their session. */
  anonymousOnly?: boolean;
}

/** Every code an error answer may carry. */
const KNOWN_CODES = new Set<string>([...Object.keys(ERROR_CODES), ...AUTH_ERROR_CODES]);
const ID = ":id";
const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: "/api/health" },
  { method: "GET", path: "/api/auth/password-policy" },
  { method: "GET", path: "/api/auth/providers" },
  { method: "POST", path: "/api/auth/verify" },
  { method: "POST", path: "/api/auth/sign-up/email" },
  { method: "POST", path: "/api/auth/sign-in/email" },
  { method: "POST", path: "/api/auth/sign-in/username" },
  { method: "POST", path: "/api/auth/is-username-available" },
  { method: "GET", path: "/api/auth/get-session" },
  { method: "POST", path: "/api/auth/update-user" },
  { method: "POST", path: "/api/auth/change-password", anonymousOnly: true },
  { method: "POST", path: "/api/auth/sign-out", anonymousOnly: true },
  { method: "POST", path: "/api/auth/revoke-sessions", anonymousOnly: true },
  { method: "GET", path: "/api/auth/list-sessions" },
  { method: "GET", path: "/api/auth/admin/list-users" },
  { method: "POST", path: "/api/auth/admin/set-role", anonymousOnly: true },
  { method: "GET", path: "/api/billing/config" },
  { method: "GET", path: "/api/billing/packages" },
  { method: "GET", path: "/api/billing/credits" },
  { method: "GET", path: "/api/billing/history" },
  { method: "GET", path: "/api/billing/usage" },
  { method: "POST", path: "/api/billing/checkout" },
  { method: "POST", path: "/api/billing/webhook" },
  { method: "GET", path: "/api/admin/campaigns" },
  { method: "POST", path: "/api/admin/campaigns" },
  { method: "POST", path: `/api/admin/campaigns/${ID}/activate` },
  { method: "POST", path: `/api/admin/campaigns/${ID}/deactivate` },
  { method: "DELETE", path: `/api/admin/campaigns/${ID}` },
  { method: "GET", path: `/api/admin/campaigns/${ID}/recipients` },
  { method: "GET", path: "/api/admin/direct-grant/search" },
  { method: "GET", path: "/api/admin/direct-grant/history" },
  { method: "POST", path: "/api/admin/direct-grant/grant" },
  { method: "POST", path: "/api/execute" },
  { method: "POST", path: "/api/final-rewrite" },
  { method: "POST", path: "/api/revise-text" },
  { method: "GET", path: "/api/history" },
  { method: "POST", path: "/api/reset" },
  { method: "POST", path: "/api/detect-ai" },
  { method: "POST", path: "/api/seo-produce-code" },
  { method: "POST", path: "/api/seo-revise-text" },
  { method: "POST", path: "/api/seo-optimize" },
  { method: "GET", path: "/api/keys" },
  { method: "POST", path: "/api/keys" },
  { method: "DELETE", path: `/api/keys/${ID}` },
  { method: "GET", path: "/api/no-such-endpoint" },
];

/** Field names the endpoints read, so random bodies reach past "x is required". */
const FIELDS = [
  "email",
  "scopes",
  "expiresInDays",
  "password",
  "newPassword",
  "currentPassword",
  "name",
  "username",
  "image",
  "idToken",
  "userId",
  "role",
  "text",
  "requestId",
  "content",
  "platform",
  "imageUrls",
  "title",
  "keyphrase",
  "datePublished",
  "aiProvider",
  "currentDate",
  "contentType",
  "targetAudience",
  "wordCount",
  "additionalContext",
  "writingStyle",
  "seoKeywords",
  "mode",
  "originalContent",
  "aiDetectedSentences",
  "revisedContent",
  "packageId",
  "successUrl",
  "cancelUrl",
  "campaignType",
  "creditAmount",
  "maxRecipients",
  "startDate",
  "endDate",
  "active",
  "specificUserIds",
  "description",
  "userIds",
  "reason",
  "limit",
  "query",
];

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
/** Values that broke servers like this one: NULs, surrogates, huge and odd numbers, far dates. */
const HOSTILE_VALUES: unknown[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "%00",
  "\\",
  "%",
  "_",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "x".repeat(100_000),
  -1,
  0,
  1.5,
  -0,
  1e308,
  99_999_999_999,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  "NaN",
  "Infinity",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "9999-99-99",
  true,
  null,
  [],
  {},
  [null],
  ["\u0000"],
  { $gt: "" },
];

const HOSTILE_BODIES: (string | Uint8Array<ArrayBuffer>)[] = [
  "",
  "{",
  "null",
  "true",
  "0",
  "1e309",
  '"text"',
  "[]",
  "{}",
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
  `{"a":${deep(MAX_JSON_DEPTH + 1)}}`,
  `{"a":${deep(10_000)}}`,
  '{"email":"a\\u0000@example.com","password":"x"}',
  `{"content":"${"**_".repeat(30_000)}","platform":"wordpress"}`,
  `{"content":"${"[".repeat(90_000)}","platform":"shopify"}`,
  `{"text":"${"a ".repeat(30_000)}"}`,
  // Not UTF-8: a byte order mark's bytes, then half a JSON object and a cut multi-byte character.
  new Uint8Array([0xff, 0xfe, 0x7b, 0x22, 0x61, 0x22, 0x3a, 0xc3]) as Uint8Array<ArrayBuffer>,
  ...FIELDS.map((f) => JSON.stringify(Object.fromEntries([[f, "\u0000"]]))),
  JSON.stringify(Object.fromEntries(FIELDS.map((f, i) => [f, HOSTILE_VALUES[i % HOSTILE_VALUES.length]]))),
];
const HOSTILE_QUERIES = [
  "",
  "?limit=1.5",
  "?limit=-1",
  "?limit=99999999999",
  "?limit=abc",
  "?query=%00",
  "?query=%",
  "?query=a%5C",
  "?query=%E0%A4%A",
  "?limit=1&limit=2",
];
const HOSTILE_IDS = ["abc", "-1", "0", "1.5", "99999999999", "99999999999999999999", "1e3", "%20", "%00", "1"];

const valueArb = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);
const bodyArb = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), valueArb, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);

describeEachDatabase("Every endpoint under hostile input", (kind) => {
  let app: StripeTestApp;
  let t: TestApp;
  const sessions: Partial<Record<Role, SignedUpUser>> = {};
  const failures: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    app = await startStripeTestApp(kind, "whsec_test_fuzz", { SIGN_UPS_PER_MINUTE: "1000" });
    t = app.t;
    sessions.user = await t.signUp("fuzz-user@example.com", { username: "fuzzuser" });
    sessions.admin = await t.signUp("fuzz-admin@example.com", { admin: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(endpoint: Endpoint, role: Role, body?: string | Uint8Array<ArrayBuffer>, query = "", id = "1") {
    const path = endpoint.path.replace(ID, id) + query;
    const headers: Record<string, string> = { ...(role === "anonymous" ? {} : sessions[role]?.headers) };
    if (body !== undefined) headers["content-type"] = "application/json";
    requests++;
    const res = await t.app.request(path, {
      method: endpoint.method,
      headers,
      ...(endpoint.method === "GET" || body === undefined ? {} : { body }),
    });
    const text = await res.text();
    const shown = `${role} ${endpoint.method} ${path} ${typeof body === "string" ? body.slice(0, 80) : "(bytes)"}`;
    if (res.status >= 500) failures.push(`${res.status} ← ${shown}: ${text.slice(0, 200)}`);
    else if (res.status >= 400 && res.status !== 499) {
      let body: { error?: unknown; code?: unknown } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {}
      // One error contract (shared/errors.ts): {"error": <message>, "code": <a listed code>}, Better Auth's too.
      if (typeof body.error !== "string" || !KNOWN_CODES.has(String(body.code)))
        failures.push(`${res.status} without {"error", "code"} ← ${shown}: ${text.slice(0, 200)}`);
    }
  }

  const roles = (e: Endpoint): Role[] => (e.anonymousOnly ? ["anonymous"] : ["anonymous", "user", "admin"]);

  it("answers a table of hostile bodies, queries and ids with no 5xx", { timeout: 900_000 }, async () => {
    failures.length = 0;
    for (const endpoint of ENDPOINTS)
      for (const role of roles(endpoint)) {
        if (endpoint.method === "GET") {
          for (const query of HOSTILE_QUERIES) await call(endpoint, role, undefined, query);
        } else {
          for (const body of HOSTILE_BODIES) await call(endpoint, role, body);
        }
        if (endpoint.path.includes(ID)) for (const id of HOSTILE_IDS) await call(endpoint, role, "{}", "", id);
      }
    expect(failures).toEqual([]);
  });

  it("answers fast-check's random bodies with no 5xx", { timeout: 900_000 }, async () => {
    failures.length = 0;
    const posts = ENDPOINTS.filter((e) => e.method !== "GET");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts),
        fc.constantFrom<Role>("anonymous", "user", "admin"),
        bodyArb,
        async (endpoint, role, body) => {
          await call(endpoint, endpoint.anonymousOnly ? "anonymous" : role, body);
        },
      ),
      { numRuns: kind === "pglite" ? 1500 : 500, seed: Number(process.env.FUZZ_SEED ?? 16) },
    );
    expect(failures).toEqual([]);
    console.log(`endpoint fuzz [${kind}]: ${requests} requests, ${failures.length} × 5xx or shapeless 4xx`);
  });
});

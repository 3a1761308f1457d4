// The OpenAPI document (issue 28): valid OpenAPI 3.1 by a maintained validator, listing every /api
// route the app has, and the answers of a sample of calls matching the schemas their routes declare.
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateApiKeyResponse } from "../../shared/api-keys";
import { sseMessages } from "../../shared/writing-stream";
import { grantCredits, postJson } from "../testing/route-suite";
import { createTestApp, type SignedUpUser, type TestApp } from "../testing/test-app";
import { declarationOf } from "./openapi";

const DRAFT = {
  currentDate: "2026-11-28",
  contentType: "A blog post about sourdough bread for home bakers",
  wordCount: "300",
};
const TEXT = "The bakery opens at seven and the bread sells out by noon most days. ".repeat(12);

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; "x-caller"?: string }>>;
  components: { securitySchemes: Record<string, { scheme?: string }> };
}

describe("the OpenAPI document", () => {
  let t: TestApp;
  let doc: Doc;
  let user: SignedUpUser;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { WELCOME_BONUS_CREDITS: "0" } });
    const res = await t.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
    user = await t.signUp("openapi@example.com");
    await grantCredits(t, user, 100, "openapi test");
    const created = await postJson(
      t,
      "/api/keys",
      { name: "sampler", scopes: ["write", "detect", "seo", "billing"] },
      user,
    );
    key = ((await created.json()) as CreateApiKeyResponse).key;
  });
  afterAll(async () => t?.close());

  it("is valid OpenAPI 3.1, with the bearer-key scheme", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("lists every /api route the app has", () => {
    const missing: string[] = [];
    for (const route of t.app.routes) {
      if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
      // Better Auth's own endpoints are one handler (documented by Better Auth and docs/api.md).
      if (route.path.endsWith("/*")) continue;
      const path = route.path.replace(/:(\w+)/g, "{$1}");
      if (!doc.paths[path]?.[route.method.toLowerCase()]) missing.push(`${route.method} ${route.path}`);
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it("declares the answer's schema of every JSON route (not files, not Better Auth's own endpoints)", () => {
    const undeclared: string[] = [];
    let declaredRoutes = 0;
    for (const route of t.app.routes) {
      const d = declarationOf(route.handler);
      if (!d) continue;
      declaredRoutes += 1;
      if (!d.file && !d.response) undeclared.push(`${route.method} ${route.path}`);
    }
    expect(undeclared).toEqual([]);
    expect(declaredRoutes).toBeGreaterThan(60);
    // Every success answer in the document has its schema, not a bare object.
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const responses = (op as { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> })
          .responses;
        const json = Object.entries(responses ?? {}).find(([status]) => status.startsWith("2"))?.[1]?.content?.[
          "application/json"
        ];
        if (json) expect(JSON.stringify(json.schema), `${method} ${path}`).not.toBe('{"type":"object"}');
      }
  });

  it("says which routes a key may call: keys never on account, key or admin routes", () => {
    for (const [path, item] of Object.entries(doc.paths))
      for (const op of Object.values(item)) {
        if (/^\/api\/(account|keys|admin|auth)\b/.test(path))
          expect(op["x-caller"], path).toMatch(/^(session|admin|public)$/);
        if (op["x-caller"] === "session" || op["x-caller"] === "admin")
          expect(JSON.stringify(op.security), path).not.toContain("apiKey");
      }
    expect(doc.paths["/api/detect-ai"]?.post?.["x-caller"]).toBe("detect");
  });

  /** The response schema the route of `method path` declares with doc(). */
  function declared(method: string, path: string) {
    for (const route of t.app.routes)
      if (route.method === method && route.path === path) {
        const d = declarationOf(route.handler);
        if (d) return d;
      }
    throw new Error(`${method} ${path} declares nothing`);
  }

  async function expectDeclared(method: string, path: string, res: Response, status = 200) {
    expect(res.status, `${method} ${path}`).toBe(status);
    const d = declared(method, path);
    expect(d.response, `${method} ${path} declares its answer`).toBeDefined();
    const parsed = d.response?.safeParse(await res.json());
    expect(parsed?.error?.issues ?? [], `${method} ${path}`).toEqual([]);
  }

  it("answers as declared, for a sample of calls with an API key", async () => {
    const auth = { authorization: `Bearer ${key}` };
    const post = (path: string, body: unknown) => postJson(t, path, body, null, auth);
    await expectDeclared("GET", "/api/health", await t.app.request("/api/health"));
    await expectDeclared("GET", "/api/billing/credits", await t.app.request("/api/billing/credits", { headers: auth }));
    const draft = await post("/api/execute", DRAFT);
    await expectDeclared("POST", "/api/execute", draft);
    await expectDeclared("POST", "/api/detect-ai", await post("/api/detect-ai", { text: TEXT }));
    await expectDeclared(
      "POST",
      "/api/seo-produce-code",
      await post("/api/seo-produce-code", { content: `# Bread\n\n${TEXT}`, platform: "wordpress" }),
    );
    await expectDeclared("GET", "/api/billing/usage", await t.app.request("/api/billing/usage", { headers: auth }));
    await expectDeclared("GET", "/api/keys", await t.app.request("/api/keys", { headers: user.headers }));
    await expectDeclared(
      "POST",
      "/api/keys",
      await postJson(t, "/api/keys", { name: "another", scopes: ["detect"] }, user),
      201,
    );
  });

  it("streams the declared events", async () => {
    const res = await postJson(t, "/api/execute", DRAFT, null, {
      authorization: `Bearer ${key}`,
      accept: "text/event-stream",
    });
    const events = declared("POST", "/api/execute").stream ?? {};
    const seen: string[] = [];
    for await (const m of sseMessages(res.body as ReadableStream<Uint8Array<ArrayBuffer>>)) {
      seen.push(m.event);
      const schema = events[m.event as keyof typeof events];
      expect(schema, m.event).toBeDefined();
      expect(schema?.safeParse(JSON.parse(m.data)).error?.issues ?? [], m.event).toEqual([]);
    }
    expect(seen[0]).toBe("start");
    expect(seen.at(-1)).toBe("done");
  });

  it("serves the reference page and its assets from the app", async () => {
    const page = await t.app.request("/docs/api");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const src of html.matchAll(/(?:src|href)="(\/docs\/api\/assets\/[^"]+)"/g)) {
      const asset = await t.app.request(src[1] as string);
      expect(asset.status, src[1]).toBe(200);
    }
  });
});

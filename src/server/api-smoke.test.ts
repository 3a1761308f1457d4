// docs/api.md's script (scripts/api-smoke.sh: curl and an API key only) against a started app:
// a draft by the offline writer, its detection, SEO HTML and the balance (issue 28).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CreateApiKeyResponse } from "../shared/api-keys";
import { describeEachDatabase } from "./testing/databases";
import { serveOnLoopback } from "./testing/loopback";
import { grantCredits, postJson } from "./testing/route-suite";
import { createTestApp, type TestApp } from "./testing/test-app";

const SCRIPT = fileURLToPath(new URL("../../scripts/api-smoke.sh", import.meta.url));

describeEachDatabase("the curl-only API script", (kind) => {
  let t: TestApp;
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { WELCOME_BONUS_CREDITS: "0" } });
    ({ url, close } = await serveOnLoopback(t.app.fetch));
  });
  afterAll(async () => {
    close?.();
    await t?.close();
  });

  it("writes, detects, makes SEO HTML and reads the balance with only a key", async () => {
    const user = await t.signUp("curl@example.com");
    await grantCredits(t, user, 10, "smoke test");
    const res = await postJson(t, "/api/keys", { name: "curl", scopes: ["write", "detect", "seo", "billing"] }, user);
    const { key, id } = (await res.json()) as CreateApiKeyResponse;
    const { stdout } = await promisify(execFile)("bash", [SCRIPT], {
      env: { ...process.env, DRAFTSMITH_URL: url, DRAFTSMITH_API_KEY: key },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^draft: offline wrote \d+ words into document [0-9a-f-]{36}$/m);
    expect(stdout).toMatch(/^detect: [\d.]+% AI-written, \d+ sentences flagged$/m);
    expect(stdout).toMatch(/^seo: \d+ characters of HTML, title ".+"$/m);
    expect(stdout).toMatch(/^balance: 7 credits available$/m);
    // The key paid for both, and the usage says so.
    const usage = await t.deps.ledger.usage(user.userId, 10);
    expect(usage.filter((u) => u.creditsUsed > 0).map((u) => u.apiKeyId)).toEqual([id, id]);
  });
});

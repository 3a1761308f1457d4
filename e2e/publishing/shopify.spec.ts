// Connecting a Shopify store in a browser. The Shopify client's address is fixed when the server
// starts (SHOPIFY_API_BASE), and the loopback fake's port is only known here, so this spec starts its
// own app process (the built server, on a free port, with its own data folder) next to the fake:
// a token without write_content is refused in Shopify's terms → Find blogs → choose → Connect → shown.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeShopify, READ_ONLY_TOKEN, WRITE_TOKEN } from "../../src/server/publishing/testing/fake-shopify";
import { toastWith } from "../detection/harness";
import { expect, PASSWORD, test, uniqueEmail } from "../fixtures";

const DIST = process.env.DIST_DIR ?? "dist";
let shop: FakeShopify;
let server: ChildProcess | undefined;
let base = "";
let dataDir = "";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await new FakeShopify().start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), "draftsmith-e2e-shopify-"));
  server = spawn(process.execPath, [`${DIST}/server/main.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SIGN_UPS_PER_MINUTE: "1000",
      PUBLISH_ALLOW_PRIVATE_HOSTS: "true",
      SHOPIFY_API_BASE: shop.url,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Wait for the health answer (migrations and seeding run first).
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((r) => server?.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  await shop?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("connect a Shopify store: the missing scope said plainly, then blogs found, one chosen, shown", async ({
  page,
}) => {
  await page.goto(`${base}/policy`);
  const signUp = await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: { email: uniqueEmail("shopify"), password: PASSWORD },
    headers: { Origin: base },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.goto(`${base}/settings/connections`);
  await page.getByRole("button", { name: "Connect Shopify" }).click();
  const form = page.getByRole("form", { name: "Connect Shopify" });

  await form.getByLabel("Store domain").fill("crumb-co");
  await form.getByLabel("Admin API access token").fill(READ_ONLY_TOKEN.token);
  await form.getByRole("button", { name: "Find blogs" }).click();
  await expect(form.getByRole("alert")).toContainText("This token lacks write_content");

  await form.getByLabel("Admin API access token").fill(WRITE_TOKEN.token);
  await form.getByRole("button", { name: "Find blogs" }).click();
  const blog = form.getByLabel("Blog in Fake Crumb Co.");
  await expect(blog).toBeVisible();
  await blog.selectOption({ label: "Bread Journal" });
  await form.getByRole("button", { name: "Connect" }).click();

  await expect(toastWith(page, "Shopify connected")).toBeVisible();
  const item = page.getByRole("listitem", { name: "Fake Crumb Co." });
  await expect(item).toContainText("Shopify");
  await expect(item).toContainText("blog “Bread Journal”");
  await expect(item).toContainText("••••cdef");
  await expect(item).toContainText("https://crumb-co.myshopify.com");
  await expect(page.getByText(WRITE_TOKEN.token)).toHaveCount(0);
});

// `npm test`: the whole suite — unit and integration tests (Vitest; PostgreSQL too when
// TEST_DATABASE_URL is set), then a fresh build and the browser tests (Playwright in Debian's Chromium).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing (looked for ${chromium}); the browser tests need it. Install it with:\n\n  sudo apt-get install -y chromium\n\n(or set CHROMIUM_PATH to a Chromium binary).`,
  );
  process.exit(1);
}
if (process.env.CI === "true" && !process.env.TEST_DATABASE_URL) {
  console.error("CI=true needs TEST_DATABASE_URL: the integration tests must also run on PostgreSQL.");
  process.exit(1);
}

const run = (cmd, args) => {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  return r.status ?? 1;
};

const only = process.argv[2]; // "unit" | "e2e" | undefined (both)
let failed = 0;
if (only !== "e2e") failed += run("npx", ["vitest", "run"]) ? 1 : 0;
if (only !== "unit") {
  if (run("npm", ["run", "build"]) !== 0) process.exit(1);
  failed += run("npx", ["playwright", "test"]) ? 1 : 0;
}
process.exit(failed ? 1 : 0);

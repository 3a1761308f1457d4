import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two cores on CI: a bounded pool keeps the suite well inside its time limit. The timeouts are
// ceilings for tests that wait on events (a response, a log line, an exit), set for a busy machine.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // At most one retry, on CI only; a test that passed only on it is listed (and .ci/run prints it).
    retry: process.env.CI ? 1 : 0,
    reporters: ["default", "./scripts/vitest-retried-reporter.ts"],
  },
});

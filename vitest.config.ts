import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two cores on CI: a bounded pool keeps the suite well inside its time limit. The timeouts are
// ceilings for tests that wait on events (a response, a log line, an exit), set for a busy machine.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

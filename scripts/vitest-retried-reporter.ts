// A Vitest reporter that names every test that passed only on a retry (CI allows one): such a test
// is flaky, and .ci/run prints this list at the end of the run so it is seen the day it appears.
// Written to test-results/retried-vitest.txt (empty when none).
import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestCase } from "vitest/node";

export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(test: TestCase) {
    if (test.result().state === "passed" && (test.diagnostic()?.retryCount ?? 0) > 0)
      this.retried.push(`${test.module.moduleId.replace(`${process.cwd()}/`, "")} › ${test.fullName}`);
  }

  onTestRunEnd() {
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/retried-vitest.txt", this.retried.map((t) => `${t}\n`).join(""));
    if (this.retried.length)
      console.log(`\nPassed only on retry (flaky: fix them):\n${this.retried.map((t) => `  ${t}`).join("\n")}`);
  }
}

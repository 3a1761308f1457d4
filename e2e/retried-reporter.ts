// A Playwright reporter that names every test that passed only on a retry (CI allows one): such a
// test is flaky, and .ci/run prints this list at the end of the run so it is seen the day it
// appears. Written to test-results/retried-playwright.txt (empty when none).
import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" && result.retry > 0)
      this.retried.push(
        `${test.location.file.replace(`${process.cwd()}/`, "")} › ${test.titlePath().slice(3).join(" › ")}`,
      );
  }

  onEnd() {
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/retried-playwright.txt", this.retried.map((t) => `${t}\n`).join(""));
    if (this.retried.length)
      console.log(`\nPassed only on retry (flaky: fix them):\n${this.retried.map((t) => `  ${t}`).join("\n")}`);
  }

  printsToStdio() {
    return false;
  }
}

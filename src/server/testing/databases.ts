// Runs an integration suite on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set.
// Under CI=true the PostgreSQL variant fails (it does not skip) when TEST_DATABASE_URL is missing.
import { describe, it } from "vitest";
import type { TestDatabaseKind } from "./test-app";

export const hasTestPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

export function describeEachDatabase(name: string, suite: (kind: TestDatabaseKind) => void): void {
  describe(`${name} [pglite]`, () => suite("pglite"));
  if (hasTestPostgres()) {
    describe(`${name} [postgresql]`, () => suite("pg"));
  } else if (process.env.CI === "true") {
    describe(`${name} [postgresql]`, () => {
      it("needs TEST_DATABASE_URL on CI", () => {
        throw new Error("TEST_DATABASE_URL is not set: the PostgreSQL variant must run on CI");
      });
    });
  }
}

/** Only on PostgreSQL (several connections, several processes); fails on CI without it. */
export function describePostgresOnly(name: string, suite: () => void): void {
  if (hasTestPostgres()) describe(`${name} [postgresql]`, () => suite());
  else if (process.env.CI === "true")
    describe(`${name} [postgresql]`, () => {
      it("needs TEST_DATABASE_URL on CI", () => {
        throw new Error("TEST_DATABASE_URL is not set: the PostgreSQL variant must run on CI");
      });
    });
  else describe.skip(`${name} [postgresql: set TEST_DATABASE_URL]`, () => suite());
}

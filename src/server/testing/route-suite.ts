// Setup shared by the route tests: a fresh app with signed-up users holding granted credits, and a
// JSON POST as one of them.
import { afterAll, afterEach, beforeAll } from "vitest";
import { assertLedgerInvariants } from "./ledger-invariants";
import { createTestApp, type SignedUpUser, type TestApp, type TestDatabaseKind } from "./test-app";

/** Signs `email` up and grants it `amount` credits (a 'grant' entry with `reason`). */
export async function signUpWithCredits(
  t: TestApp,
  email: string,
  amount: number,
  reason: string,
): Promise<SignedUpUser> {
  const user = await t.signUp(email);
  await grantCredits(t, user, amount, reason);
  return user;
}

/** Grants `user` `amount` credits (a 'grant' entry with `reason`). */
export async function grantCredits(t: TestApp, user: SignedUpUser, amount: number, reason: string) {
  await t.deps.ledger.grant({ userId: user.userId, amount, type: "grant", metadata: { reason } });
}

/** A fresh app on `kind` with two users: ada, granted `credits` for `reason`, and bob with none. */
export async function appWithAdaAndBob(
  kind: TestDatabaseKind,
  credits: number,
  reason: string,
): Promise<{ t: TestApp; ada: SignedUpUser; bob: SignedUpUser }> {
  const t = await createTestApp({ database: kind });
  const ada = await t.signUp("ada@example.com");
  const bob = await t.signUp("bob@example.com");
  await grantCredits(t, ada, credits, reason);
  return { t, ada, bob };
}

/** POSTs `body` as JSON to `path`, signed in as `user` when given. */
export async function postJson(
  t: TestApp,
  path: string,
  body: unknown,
  user?: SignedUpUser | null,
  headers: Record<string, string> = {},
): Promise<Response> {
  return await t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(user?.headers ?? {}), ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * Registers a suite's app on `kind` with no welcome bonus, its ledger invariants checked after every
 * test and the app closed after the suite; read `.t` inside the tests (set before they run).
 */
export function ledgerCheckedApp(kind: TestDatabaseKind): { t: TestApp } {
  const app = {} as { t: TestApp };
  beforeAll(async () => {
    app.t = await createTestApp({ database: kind, env: { WELCOME_BONUS_CREDITS: "0" } });
  });
  afterEach(async () => {
    await assertLedgerInvariants(app.t.db);
  });
  afterAll(async () => {
    await app.t?.close();
  });
  return app;
}

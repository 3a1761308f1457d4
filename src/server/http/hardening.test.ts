// Issue 16 #8: inputs that used to answer 500 now answer 4xx with {"error"} — NUL characters and
// deep JSON at the edge of every /api route (Better Auth's included), numeric ranges and dates
// validated before they reach SQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../testing/databases";
import { createTestApp, type SignedUpUser, TEST_PASSWORD, type TestApp } from "../testing/test-app";
import { jsonHazard, MAX_JSON_DEPTH } from "./input-guard";

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

describe("jsonHazard", () => {
  it("finds NULs raw or escaped, only inside JSON strings for the escape", () => {
    expect(jsonHazard('{"a":"x\\u0000y"}')).toBe("nul");
    expect(jsonHazard('{"a":"x\u0000y"}')).toBe("nul");
    expect(jsonHazard('{"a":"x\\\\u0000y"}')).toBeNull(); // an escaped backslash, then text
    expect(jsonHazard('{"a":"\\u00001"}')).toBe("nul");
    expect(jsonHazard('{"a":"\\u0001"}')).toBeNull();
  });

  it("finds half a UTF-16 surrogate pair, escaped or raw; a whole pair passes", () => {
    expect(jsonHazard('{"a":"\\udfff"}')).toBe("surrogate"); // a low half alone
    expect(jsonHazard('{"a":"\\uD83D"}')).toBe("surrogate"); // a high half alone
    expect(jsonHazard('{"a":"\\ud83dx"}')).toBe("surrogate");
    expect(jsonHazard('{"a":"\\ud83d\\u0041"}')).toBe("surrogate");
    expect(jsonHazard('{"a":"\\udfff\\ud83d"}')).toBe("surrogate"); // reversed
    expect(jsonHazard('{"a":"\\ud83d\\ude00"}')).toBeNull(); // 😀 escaped
    expect(jsonHazard('{"a":"\\uD83D\\uDE00 and \\u00e9"}')).toBeNull();
    expect(jsonHazard('{"a":"😀"}')).toBeNull();
    expect(jsonHazard('{"a":"\udfff"}')).toBe("surrogate"); // raw, as a decoder never yields but a string may hold
    expect(jsonHazard('{"a":"\\\\udfff"}')).toBeNull(); // an escaped backslash, then text
  });

  it("counts nesting outside strings only", () => {
    expect(jsonHazard(deep(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonHazard(deep(MAX_JSON_DEPTH + 1))).toBe("depth");
    expect(jsonHazard(`{"a":"${"[".repeat(1000)}"}`)).toBeNull();
    expect(jsonHazard(`{"a":"\\"${"{".repeat(1000)}"}`)).toBeNull();
  });
});

describeEachDatabase("Bad input answers 4xx, never 500", (kind) => {
  let t: TestApp;
  let user: SignedUpUser;
  let admin: SignedUpUser;
  beforeAll(async () => {
    t = await createTestApp({ database: kind });
    user = await t.signUp("plain@example.com");
    admin = await t.signUp("chief@example.com", { admin: true });
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body }),
    });

  async function expect4xx(res: Response, message?: RegExp) {
    expect(res.status, `status of ${res.url}`).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { error?: unknown };
    expect(typeof body.error).toBe("string");
    if (message) expect(body.error).toMatch(message);
  }

  it("refuses a NUL in any field, Better Auth's included, with 400", async () => {
    const nul = /NUL character/;
    await expect4xx(
      await send("POST", "/api/auth/sign-in/email", JSON.stringify({ email: "a\u0000@example.com", password: "x" })),
      nul,
    );
    await expect4xx(
      await send(
        "POST",
        "/api/auth/sign-up/email",
        JSON.stringify({ email: "nul@example.com", password: TEST_PASSWORD, name: "N\u0000" }),
      ),
      nul,
    );
    await expect4xx(
      await send("POST", "/api/auth/update-user", JSON.stringify({ name: "a\u0000b" }), user.headers),
      nul,
    );
    await expect4xx(
      await send("POST", "/api/detect-ai", JSON.stringify({ text: "hello", requestId: "abc\u0000" }), user.headers),
      nul,
    );
    await expect4xx(
      await send(
        "POST",
        "/api/admin/campaigns",
        JSON.stringify({ name: "Bonus\u0000", campaignType: "new_signups", startDate: "2030-01-01" }),
        admin.headers,
      ),
      nul,
    );
    await expect4xx(await send("GET", "/api/admin/direct-grant/search?query=ab%00c", undefined, admin.headers), nul);
  });

  it("refuses JSON nested 10,000 deep on sign-in and sign-up with 400", async () => {
    const body = `{"email":"deep@example.com","password":"${TEST_PASSWORD}","x":${deep(10_000)}}`;
    await expect4xx(await send("POST", "/api/auth/sign-in/email", body), /nested more than 32 levels/);
    await expect4xx(await send("POST", "/api/auth/sign-up/email", body), /nested more than 32 levels/);
  });

  it("refuses deep JSON sent as text/plain to sign-in and sign-up with 400 (Better Auth parses it)", async () => {
    const body = `{"email":"deep@example.com","password":"${TEST_PASSWORD}","x":${deep(10_000)}}`;
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email"])
      for (const type of ["text/plain", "text/plain;charset=UTF-8"])
        await expect4xx(await send("POST", path, body, { "content-type": type }), /nested more than 32 levels/);
  });

  it("refuses an unpaired surrogate in any string with 400, before a paid call starts", async () => {
    const surrogate = /unpaired UTF-16 surrogate/;
    const before = (await t.deps.ledger.balance(user.userId)).availableCredits;
    // JSON.stringify keeps a lone surrogate escaped: the body carries the six characters \udfff.
    const execute = JSON.stringify({
      currentDate: "2026-01-01",
      contentType: "A post \udfff",
      aiProvider: "openai",
      writingStyle: "casual",
    });
    expect(execute).toContain("\\udfff");
    await expect4xx(await send("POST", "/api/execute", execute, user.headers), surrogate);
    await expect4xx(
      await send(
        "POST",
        "/api/final-rewrite",
        JSON.stringify({ originalContent: "# T\n\nText \ud800.", aiDetectedSentences: [] }),
        user.headers,
      ),
      surrogate,
    );
    await expect4xx(
      await send("POST", "/api/auth/update-user", JSON.stringify({ name: "a\udfffb" }), user.headers),
      surrogate,
    );
    expect((await t.deps.ledger.balance(user.userId)).availableCredits).toBe(before);
    expect(await t.deps.ledger.usage(user.userId, 10)).toEqual([]);
  });

  it("refuses a JSON body that is not an object, and a number where Better Auth reads text", async () => {
    for (const body of ["null", "0", '"x"', "[]"])
      await expect4xx(await send("POST", "/api/auth/update-user", body, user.headers), /must be a JSON object/);
    await expect4xx(
      await send("POST", "/api/auth/update-user", JSON.stringify({ username: -1777059759 }), user.headers),
      /^username must be text$/,
    );
    await expect4xx(await send("POST", "/api/auth/sign-in/email", "{"), /Malformed JSON/);
  });

  it("still serves ordinary bodies after the check (Better Auth reads the same body)", async () => {
    const res = await send(
      "POST",
      "/api/auth/sign-in/email",
      JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    );
    expect(res.status).toBe(200);
  });

  it("validates /api/history's limit: a fraction, zero or a huge number is a 400", async () => {
    for (const limit of ["1.5", "0", "-3", "99999999999", "abc"])
      await expect4xx(await send("GET", `/api/history?limit=${limit}`, undefined, user.headers), /limit/i);
    expect((await send("GET", "/api/history?limit=5", undefined, user.headers)).status).toBe(200);
  });

  it("answers a campaign id past PostgreSQL's integer range like any unknown campaign", async () => {
    for (const [method, path] of [
      ["POST", "/api/admin/campaigns/99999999999/activate"],
      ["POST", "/api/admin/campaigns/99999999999/deactivate"],
      ["DELETE", "/api/admin/campaigns/99999999999"],
      ["GET", "/api/admin/campaigns/99999999999/recipients"],
    ] as const)
      await expect4xx(await send(method, path, undefined, admin.headers), /Campaign not found/);
  });

  it("refuses campaign dates and numbers outside what the database stores", async () => {
    const create = (fields: Record<string, unknown>) =>
      send(
        "POST",
        "/api/admin/campaigns",
        JSON.stringify({ name: "Edge", campaignType: "new_signups", startDate: "2030-01-01", ...fields }),
        admin.headers,
      );
    await expect4xx(await create({ startDate: "+275000-01-01T00:00:00.000Z" }), /Start date/);
    await expect4xx(await create({ startDate: "-271000-01-01T00:00:00.000Z" }), /Start date/);
    await expect4xx(await create({ endDate: "+275000-01-01T00:00:00.000Z" }), /End date/);
    await expect4xx(await create({ maxRecipients: 99_999_999_999 }), /Max recipients/);
    expect((await create({})).status).toBe(201);
  });
});

// The page itself (index.html and the prerendered landing page) is marked when the request carries a
// session cookie, so main.tsx starts the signed-in reads beside the session check (issue 30). The
// mark says only that a cookie was sent: the page is the same for everyone, private to the browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasSessionCookie, SESSION_HINT } from "./app";
import { createTestApp, type TestApp } from "./testing/test-app";

describe("hasSessionCookie", () => {
  it("sees Better Auth's session cookie, secure or not, among others", () => {
    expect(hasSessionCookie("better-auth.session_token=abc.def")).toBe(true);
    expect(hasSessionCookie("theme=dark; __Secure-better-auth.session_token=abc")).toBe(true);
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie("theme=dark")).toBe(false);
    expect(hasSessionCookie("better-auth.session_token=")).toBe(false);
    expect(hasSessionCookie("xbetter-auth.session_token=abc")).toBe(false);
    expect(hasSessionCookie("better-auth.session_data=abc")).toBe(false);
  });
});

describe("the session hint in the page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = (path: string, cookie?: string) =>
    t.app.request(path, { headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) } });

  it.each(["/", "/documents", "/draftsmith/results"])(
    "%s is marked only when a session cookie comes with it",
    async (path) => {
      const plain = await page(path);
      const marked = await page(path, "theme=dark; better-auth.session_token=anything");
      expect(await plain.text()).not.toContain(SESSION_HINT);
      expect(await marked.text()).toContain(SESSION_HINT);
      for (const res of [plain, marked]) {
        expect(res.headers.get("vary")).toMatch(/Cookie/);
        expect(res.headers.get("cache-control")).toBe("private, no-cache");
      }
    },
  );
});

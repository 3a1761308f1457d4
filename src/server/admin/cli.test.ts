// `npm run admin -- promote`: the operator's way to an admin without ADMIN_EMAILS' verification.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { runAdminCommand } from "./commands";

describe("admin CLI: promote and demote", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "grace@example.com" } });
  });
  afterAll(() => t.close());

  const roleOf = async (id: string) =>
    (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it("promotes an unverified account by its address in any case", async () => {
    const grace = await t.signUp("grace@example.com");
    expect(await roleOf(grace.userId)).toBe("user");
    const out = await runAdminCommand(["promote", "GRACE@Example.COM"], t.db);
    expect(out).toEqual({ code: 0, lines: ["grace@example.com is now an administrator."] });
    expect(await roleOf(grace.userId)).toBe("admin");
    expect((await t.app.request("/api/admin/campaigns", { headers: grace.headers })).status).toBe(200);
  });

  it("says when a demoted address is still in ADMIN_EMAILS", async () => {
    const out = await runAdminCommand(["demote", "grace@example.com"], t.db, { adminEmails: ["grace@example.com"] });
    expect(out.code).toBe(0);
    expect(out.lines[1]).toMatch(/listed in ADMIN_EMAILS/);
  });
});

// The admin API (campaigns, direct grants) through the real app on a real database.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, type Campaign, campaignStatus } from "../../shared/admin";
import { bonusCreditCampaigns, bonusCreditRecipients } from "../db/schema";
import { describeEachDatabase } from "../testing/databases";
import { assertLedgerInvariants } from "../testing/ledger-invariants";
import { createTestApp, type SignedUpUser, TEST_PASSWORD, type TestApp } from "../testing/test-app";
import { runAdminCommand } from "./commands";

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describeEachDatabase("Admin API", (kind) => {
  let t: TestApp;
  let boss: SignedUpUser;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ database: kind, env: { ADMIN_EMAILS: `boss-${kind}@example.com` } });
    // ADMIN_EMAILS makes the address admin once it is verified.
    boss = await t.signUp(`boss-${kind}@example.com`, { verified: true });
    // The seeded Welcome bonus stays on for the sign-up test; campaign tests below switch it off.
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signUp = (prefix = "user") => t.signUp(`${prefix}${++n}-${kind}@example.com`);
  const req = (method: string, path: string, u?: SignedUpUser, body?: unknown) =>
    t.app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(u?.headers ?? {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
  const available = async (u: SignedUpUser) =>
    (await json<{ availableCredits: number }>(await req("GET", "/api/billing/credits", u))).availableCredits;
  const createCampaign = async (body: Record<string, unknown>) => {
    const res = await req("POST", "/api/admin/campaigns", boss, { startDate: iso(-HOUR), ...body });
    expect(res.status).toBe(201);
    return json<{ campaign: Campaign; granted: number; message: string }>(res);
  };
  const signIn = async (email: string): Promise<SignedUpUser> => {
    const res = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const token = res.headers.get("set-auth-token");
    if (!token) throw new Error(`sign-in failed: ${res.status}`);
    return { userId: "", email, token, headers: { authorization: `Bearer ${token}` } };
  };
  const welcomeOff = () =>
    t.db.update(bonusCreditCampaigns).set({ active: false }).where(eq(bonusCreditCampaigns.name, "Welcome bonus"));

  it("answers every admin route 401 signed out and 403 for a non-admin", async () => {
    const user = await signUp();
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/campaigns"],
      ["POST", "/api/admin/campaigns", { name: "x", campaignType: "all_users", startDate: iso(0) }],
      ["POST", "/api/admin/campaigns/1/activate"],
      ["POST", "/api/admin/campaigns/1/deactivate"],
      ["DELETE", "/api/admin/campaigns/1"],
      ["PATCH", "/api/admin/campaigns/1", { name: "Taken over" }],
      ["GET", "/api/admin/campaigns/1/recipients"],
      ["GET", "/api/admin/direct-grant/search?query=user"],
      ["GET", "/api/admin/direct-grant/history"],
      ["POST", "/api/admin/direct-grant/grant", { userIds: [user.userId], creditAmount: 5, reason: "x" }],
    ];
    const before = await available(user);
    for (const [method, path, body] of routes) {
      const anon = await req(method, path, undefined, body);
      expect(anon.status, `${method} ${path} signed out`).toBe(401);
      expect((await json(anon)).error).toBeTruthy();
      const plain = await req(method, path, user, body);
      expect(plain.status, `${method} ${path} as a user`).toBe(403);
      expect((await json(plain)).error).toBe("This area is for administrators.");
    }
    expect(await available(user)).toBe(before);
  });

  it("gives a new sign-up the seeded Welcome bonus once", async () => {
    const u = await signUp();
    expect(await available(u)).toBe(50);
    const history = await json<{ transactions: Array<Record<string, unknown>> }>(
      await req("GET", "/api/billing/history", u),
    );
    expect(history.transactions).toEqual([
      expect.objectContaining({ type: "bonus", amount: 50, balanceAfter: 50, description: "Bonus: Welcome bonus" }),
    ]);
  });

  describe("campaigns", () => {
    beforeAll(welcomeOff);

    it("creates a draft with the spec's defaults", async () => {
      const { campaign, granted } = await createCampaign({ name: "Defaults", campaignType: "new_signups" });
      expect(granted).toBe(0);
      expect(campaign).toMatchObject({
        name: "Defaults",
        description: "",
        creditAmount: 50,
        campaignType: "new_signups",
        maxRecipients: null,
        currentRecipients: 0,
        endDate: null,
        active: false,
        status: "draft",
        createdBy: boss.userId,
      });
      const list = await json<{ success: boolean; campaigns: Campaign[] }>(
        await req("GET", "/api/admin/campaigns", boss),
      );
      expect(list.campaigns[0]?.name).toBe("Defaults");
    });

    it("refuses invalid campaigns with the rule that failed", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: "", campaignType: "all_users", startDate: iso(0) }, ADMIN_MESSAGES.campaignNameRequired],
        [{ name: "   ", campaignType: "all_users", startDate: iso(0) }, ADMIN_MESSAGES.campaignNameRequired],
        [
          { name: "x", creditAmount: 0, campaignType: "all_users", startDate: iso(0) },
          ADMIN_MESSAGES.creditAmountInvalid,
        ],
        [
          { name: "x", creditAmount: 2.5, campaignType: "all_users", startDate: iso(0) },
          ADMIN_MESSAGES.creditAmountInvalid,
        ],
        [{ name: "x", campaignType: "everyone", startDate: iso(0) }, ADMIN_MESSAGES.campaignTypeInvalid],
        [
          { name: "x", campaignType: "all_users", maxRecipients: 0, startDate: iso(0) },
          ADMIN_MESSAGES.maxRecipientsInvalid,
        ],
        [{ name: "x", campaignType: "all_users" }, ADMIN_MESSAGES.startDateRequired],
        [{ name: "x", campaignType: "all_users", startDate: "soon" }, ADMIN_MESSAGES.startDateInvalid],
        [
          { name: "x", campaignType: "all_users", startDate: iso(0), endDate: iso(-HOUR) },
          ADMIN_MESSAGES.endBeforeStart,
        ],
        [
          { name: "", creditAmount: 0, campaignType: "everyone", startDate: "soon" },
          ADMIN_MESSAGES.campaignNameRequired,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await req("POST", "/api/admin/campaigns", boss, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await json(res)).error, JSON.stringify(body)).toBe(message);
      }
      const malformed = await t.app.request("/api/admin/campaigns", {
        method: "POST",
        headers: { "content-type": "application/json", ...boss.headers },
        body: "{",
      });
      expect(malformed.status).toBe(400);
    });

    it("accepts form values: a date-only start, blank optional fields", async () => {
      const { campaign } = await createCampaign({
        name: "Form",
        campaignType: "new_signups",
        startDate: "2024-01-01",
        endDate: "",
        maxRecipients: "",
        creditAmount: "25",
      });
      expect(campaign).toMatchObject({
        startDate: "2024-01-01T00:00:00.000Z",
        endDate: null,
        maxRecipients: null,
        creditAmount: 25,
      });
    });

    it("derives the status: draft, scheduled, expired, completed, active", async () => {
      const now = new Date("2025-06-01T12:00:00Z");
      const base = {
        active: true,
        startDate: "2025-06-01T00:00:00Z",
        endDate: null,
        maxRecipients: null,
        currentRecipients: 0,
      };
      expect(campaignStatus({ ...base, active: false }, now)).toBe("draft");
      expect(campaignStatus({ ...base, startDate: "2025-06-02T00:00:00Z" }, now)).toBe("scheduled");
      expect(campaignStatus({ ...base, endDate: "2025-06-01T11:00:00Z" }, now)).toBe("expired");
      expect(campaignStatus({ ...base, maxRecipients: 3, currentRecipients: 3 }, now)).toBe("completed");
      expect(campaignStatus({ ...base, maxRecipients: 3, currentRecipients: 2 }, now)).toBe("active");
      const { campaign } = await createCampaign({
        name: "Later",
        campaignType: "new_signups",
        startDate: iso(24 * HOUR),
        active: true,
      });
      expect(campaign.status).toBe("scheduled");
    });

    it("activates an all_users campaign: credits every user once, even when re-activated", async () => {
      const a = await signUp();
      const b = await signUp();
      const before = [await available(a), await available(b)];
      const { campaign } = await createCampaign({ name: "Spring", creditAmount: 30, campaignType: "all_users" });
      const act = await req("POST", `/api/admin/campaigns/${campaign.id}/activate`, boss);
      expect(act.status).toBe(200);
      const body = await json<{ granted: number; campaign: Campaign; message: string }>(act);
      expect(body.campaign).toMatchObject({ active: true, status: "active" });
      expect(body.granted).toBeGreaterThanOrEqual(3);
      expect(body.message).toBe(`Campaign activated: ${body.granted} users received 30 credits`);
      expect([await available(a), await available(b)]).toEqual([before[0]! + 30, before[1]! + 30]);

      expect((await req("POST", `/api/admin/campaigns/${campaign.id}/deactivate`, boss)).status).toBe(200);
      const late = await signUp();
      const again = await json<{ granted: number; campaign: Campaign }>(
        await req("POST", `/api/admin/campaigns/${campaign.id}/activate`, boss),
      );
      expect(again.granted).toBe(1); // only the user who joined since
      await Promise.all([
        req("POST", `/api/admin/campaigns/${campaign.id}/activate`, boss),
        req("POST", `/api/admin/campaigns/${campaign.id}/activate`, boss),
      ]);
      expect([await available(a), await available(b), await available(late)]).toEqual([
        before[0]! + 30,
        before[1]! + 30,
        30,
      ]);
      const rows = await t.db
        .select()
        .from(bonusCreditRecipients)
        .where(eq(bonusCreditRecipients.campaignId, campaign.id));
      expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
      const [stored] = await t.db.select().from(bonusCreditCampaigns).where(eq(bonusCreditCampaigns.id, campaign.id));
      expect(stored?.currentRecipients).toBe(rows.length);
    });

    it("grants an all_users campaign created active at once, to specificUserIds only when given", async () => {
      const a = await signUp();
      const b = await signUp();
      const { campaign, granted, message } = await createCampaign({
        name: "Chosen",
        creditAmount: 7,
        campaignType: "all_users",
        specificUserIds: [a.userId, "no-such-user"],
        active: true,
      });
      expect(granted).toBe(1);
      expect(message).toBe("Campaign activated: 1 user received 7 credits");
      expect(campaign).toMatchObject({
        active: true,
        currentRecipients: 1,
        specificUserIds: [a.userId, "no-such-user"],
      });
      expect(await available(a)).toBe(7);
      expect(await available(b)).toBe(0);
    });

    it("stops an all_users campaign at maxRecipients", async () => {
      for (let i = 0; i < 3; i++) await t.insertUser(`few${i}-${kind}@example.com`);
      const { campaign } = await createCampaign({
        name: "Few",
        creditAmount: 5,
        campaignType: "all_users",
        maxRecipients: 2,
        active: true,
      });
      expect(campaign).toMatchObject({ currentRecipients: 2, status: "completed" });
      const again = await json<{ granted: number }>(
        await req("POST", `/api/admin/campaigns/${campaign.id}/activate`, boss),
      );
      expect(again.granted).toBe(0);
    });

    it("grants a scheduled all_users campaign when its start passes, once", async () => {
      const u = await signUp();
      const { campaign, granted } = await createCampaign({
        name: "Soon",
        creditAmount: 4,
        campaignType: "all_users",
        startDate: iso(HOUR),
        active: true,
      });
      expect(granted).toBe(0);
      expect(campaign.status).toBe("scheduled");
      expect(await available(u)).toBe(0);
      // Time passes: activated an hour ago, started a second ago.
      await t.db
        .update(bonusCreditCampaigns)
        .set({ startDate: sql`now() - interval '1 second'`, updatedAt: sql`now() - interval '1 hour'` })
        .where(eq(bonusCreditCampaigns.id, campaign.id));
      expect(await t.deps.campaigns.grantDueCampaigns()).toBeGreaterThan(0);
      expect(await available(u)).toBe(4);
      expect(await t.deps.campaigns.grantDueCampaigns()).toBe(0);
    });

    it("credits concurrent sign-ups of a new_signups campaign up to maxRecipients, never past it", async () => {
      const { campaign } = await createCampaign({
        name: "First five",
        creditAmount: 11,
        campaignType: "new_signups",
        maxRecipients: 5,
        active: true,
      });
      const users = await Promise.all(Array.from({ length: 12 }, () => signUp("rush")));
      const balances = await Promise.all(users.map(available));
      expect(balances.filter((b) => b === 11)).toHaveLength(5);
      expect(balances.filter((b) => b === 0)).toHaveLength(7);
      const [stored] = await t.db.select().from(bonusCreditCampaigns).where(eq(bonusCreditCampaigns.id, campaign.id));
      expect(stored?.currentRecipients).toBe(5);
      const list = await json<{ campaigns: Campaign[] }>(await req("GET", "/api/admin/campaigns", boss));
      expect(list.campaigns.find((c) => c.id === campaign.id)?.status).toBe("completed");
      await req("POST", `/api/admin/campaigns/${campaign.id}/deactivate`, boss);
    });

    it("credits sign-ups only while a new_signups campaign is active and in its window", async () => {
      const ended = await createCampaign({
        name: "Ended",
        campaignType: "new_signups",
        startDate: iso(-2 * HOUR),
        endDate: iso(-HOUR),
        active: true,
      });
      const future = await createCampaign({
        name: "Future",
        campaignType: "new_signups",
        startDate: iso(HOUR),
        active: true,
      });
      const draft = await createCampaign({ name: "Draft", campaignType: "new_signups" });
      expect(ended.campaign.status).toBe("expired");
      const u = await signUp();
      expect(await available(u)).toBe(0);
      for (const c of [ended, future, draft]) expect((await t.deps.campaigns.recipients(c.campaign.id)).length).toBe(0);
    });

    it("lists recipients with user, email, credits and date", async () => {
      const { campaign } = await createCampaign({
        name: "Listed",
        creditAmount: 3,
        campaignType: "new_signups",
        active: true,
      });
      const u = await signUp();
      await req("POST", `/api/admin/campaigns/${campaign.id}/deactivate`, boss);
      const res = await req("GET", `/api/admin/campaigns/${campaign.id}/recipients`, boss);
      expect(res.status).toBe(200);
      const body = await json<{ success: boolean; recipients: Array<Record<string, unknown>> }>(res);
      expect(body.recipients).toEqual([
        {
          id: expect.any(Number),
          userId: u.userId,
          username: expect.any(String),
          email: u.email,
          creditsGranted: 3,
          grantedAt: expect.stringMatching(/^\d{4}-/),
        },
      ]);
    });

    it("deletes only campaigns without recipients, 404 for unknown ones", async () => {
      const empty = await createCampaign({ name: "Empty", campaignType: "new_signups" });
      expect((await req("DELETE", `/api/admin/campaigns/${empty.campaign.id}`, boss)).status).toBe(200);
      expect((await req("DELETE", `/api/admin/campaigns/${empty.campaign.id}`, boss)).status).toBe(404);

      await signUp();
      const used = await createCampaign({ name: "Used", campaignType: "all_users", creditAmount: 1, active: true });
      const refused = await req("DELETE", `/api/admin/campaigns/${used.campaign.id}`, boss);
      expect(refused.status).toBe(409);
      expect((await json(refused)).error).toBe(ADMIN_MESSAGES.campaignHasRecipients);

      for (const [method, path] of [
        ["POST", "/api/admin/campaigns/999999/activate"],
        ["POST", "/api/admin/campaigns/999999/deactivate"],
        ["GET", "/api/admin/campaigns/999999/recipients"],
      ] as const) {
        const res = await req(method, path, boss);
        expect(res.status, path).toBe(404);
        expect((await json(res)).error).toBe(ADMIN_MESSAGES.campaignNotFound);
      }
      expect((await req("POST", "/api/admin/campaigns/abc/activate", boss)).status).toBe(400);
    });
  });

  describe("editing a campaign (issue 31)", () => {
    beforeAll(welcomeOff);
    const patch = (id: number | string, body: unknown) => req("PATCH", `/api/admin/campaigns/${id}`, boss, body);

    it("edits name, description, dates, cap and amount of a campaign nobody has received", async () => {
      const { campaign } = await createCampaign({ name: "Draft one", campaignType: "new_signups", maxRecipients: 5 });
      const end = iso(48 * HOUR);
      const res = await patch(campaign.id, {
        name: "  Autumn  ",
        description: "For the autumn launch",
        creditAmount: 75,
        maxRecipients: 10,
        endDate: end,
      });
      expect(res.status).toBe(200);
      const body = await json<{ campaign: Campaign; message: string; granted: number }>(res);
      expect(body).toMatchObject({ message: "Campaign updated", granted: 0 });
      expect(body.campaign).toMatchObject({
        name: "Autumn",
        description: "For the autumn launch",
        creditAmount: 75,
        maxRecipients: 10,
        endDate: end,
        campaignType: "new_signups",
        active: false,
      });
      // "" / null clear the optional fields; untouched fields stay.
      const cleared = await json<{ campaign: Campaign }>(
        await patch(campaign.id, { maxRecipients: "", endDate: null }),
      );
      expect(cleared.campaign).toMatchObject({ maxRecipients: null, endDate: null, name: "Autumn", creditAmount: 75 });
    });

    it("refuses bad edits with the rule that failed, and changes nothing", async () => {
      const { campaign } = await createCampaign({ name: "Strict", campaignType: "new_signups" });
      const cases: Array<[unknown, number, string]> = [
        [{}, 400, ADMIN_MESSAGES.nothingToEdit],
        [{ campaignType: "all_users" }, 400, ADMIN_MESSAGES.notEditable],
        [{ active: true }, 400, ADMIN_MESSAGES.notEditable],
        [{ name: " " }, 400, ADMIN_MESSAGES.campaignNameRequired],
        [{ creditAmount: 0 }, 400, ADMIN_MESSAGES.creditAmountInvalid],
        [{ creditAmount: "lots" }, 400, ADMIN_MESSAGES.creditAmountInvalid],
        [{ maxRecipients: -1 }, 400, ADMIN_MESSAGES.maxRecipientsInvalid],
        [{ startDate: null }, 400, ADMIN_MESSAGES.startDateInvalid],
        [{ endDate: "not a date" }, 400, ADMIN_MESSAGES.endDateInvalid],
        [{ endDate: iso(-2 * HOUR) }, 400, ADMIN_MESSAGES.endBeforeStart],
        [{ startDate: iso(10 * HOUR), endDate: iso(5 * HOUR) }, 400, ADMIN_MESSAGES.endBeforeStart],
        [[1, 2], 400, ADMIN_MESSAGES.nothingToEdit],
      ];
      for (const [body, status, error] of cases) {
        const res = await patch(campaign.id, body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect((await json(res)).error, JSON.stringify(body)).toBe(error);
      }
      const notJson = await t.app.request(`/api/admin/campaigns/${campaign.id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", ...boss.headers },
        body: "{",
      });
      expect(notJson.status).toBe(400);
      const unknown = await patch(999999, { name: "Ghost" });
      expect(unknown.status).toBe(404);
      expect((await json(unknown)).error).toBe(ADMIN_MESSAGES.campaignNotFound);
      expect((await patch("abc", { name: "x" })).status).toBe(400);
      const [stored] = await t.db.select().from(bonusCreditCampaigns).where(eq(bonusCreditCampaigns.id, campaign.id));
      expect(stored).toMatchObject({ name: "Strict", creditAmount: 50, maxRecipients: null, endDate: null });
    });

    it("keeps the amount after the first grant and the cap at or above the recipients", async () => {
      await signUp();
      await signUp();
      const { campaign, granted } = await createCampaign({
        name: "Granted",
        campaignType: "all_users",
        creditAmount: 3,
        active: true,
      });
      expect(granted).toBeGreaterThanOrEqual(2);
      const amount = await patch(campaign.id, { creditAmount: 4 });
      expect(amount.status).toBe(409);
      expect((await json(amount)).error).toBe(ADMIN_MESSAGES.amountAfterGrant);
      // The same amount is not a change; other fields still edit.
      expect((await patch(campaign.id, { creditAmount: 3, name: "Granted (spring)" })).status).toBe(200);
      const cap = await patch(campaign.id, { maxRecipients: granted - 1 });
      expect(cap.status).toBe(400);
      expect((await json(cap)).error).toBe(ADMIN_MESSAGES.capBelowRecipients(granted));
      const ok = await json<{ campaign: Campaign }>(await patch(campaign.id, { maxRecipients: granted }));
      expect(ok.campaign).toMatchObject({ maxRecipients: granted, status: "completed", creditAmount: 3 });
    });

    it("an active all_users campaign whose start moves into the past grants then, once", async () => {
      const a = await signUp();
      const { campaign } = await createCampaign({
        name: "Later",
        campaignType: "all_users",
        creditAmount: 2,
        startDate: iso(24 * HOUR),
        active: true,
      });
      expect(campaign.status).toBe("scheduled");
      const before = await available(a);
      const body = await json<{ granted: number; message: string }>(
        await patch(campaign.id, { startDate: iso(-HOUR) }),
      );
      expect(body.granted).toBeGreaterThanOrEqual(1);
      expect(body.message).toMatch(/^Campaign updated: \d+ users? received 2 credits$/);
      expect(await available(a)).toBe(before + 2);
      expect((await json<{ granted: number }>(await patch(campaign.id, { name: "Later, now" }))).granted).toBe(0);
      expect(await available(a)).toBe(before + 2);
    });
  });

  describe("the operator's CLI", () => {
    it("promotes and demotes a user, who gains and loses the admin area", async () => {
      // Each check uses a fresh session: the session middleware caches a lookup for a few seconds.
      const u = await signUp("op");
      const promoted = await runAdminCommand(["promote", u.email.toUpperCase()], t.db);
      expect(promoted).toEqual({ code: 0, lines: [`${u.email} is now an administrator.`] });
      expect((await req("GET", "/api/admin/campaigns", await signIn(u.email))).status).toBe(200);
      expect((await runAdminCommand(["demote", u.email], t.db)).code).toBe(0);
      expect((await req("GET", "/api/admin/campaigns", await signIn(u.email))).status).toBe(403);
      expect(await runAdminCommand(["promote", "nobody@example.com"], t.db)).toMatchObject({ code: 1 });
      expect(await runAdminCommand(["promote"], t.db)).toMatchObject({ code: 2 });
      expect(await runAdminCommand(["explode"], t.db)).toMatchObject({ code: 2 });
    });

    it("switches the Welcome bonus off and on by name", async () => {
      expect((await runAdminCommand(["campaign", "activate", "Welcome", "bonus"], t.db)).code).toBe(0);
      expect(await available(await signUp("welcomed"))).toBe(50);
      const off = await runAdminCommand(["campaign", "deactivate", "welcome", "bonus"], t.db);
      expect(off.code).toBe(0);
      expect(await available(await signUp("unwelcomed"))).toBe(0);
      const list = await runAdminCommand(["campaign", "list"], t.db);
      expect(list.lines.some((l) => l.includes("Welcome bonus") && l.includes("[draft]"))).toBe(true);
      expect(await runAdminCommand(["campaign", "deactivate", "No such"], t.db)).toMatchObject({ code: 1 });
    });
  });

  describe("direct grants", () => {
    it("searches users by email or username, at least 2 characters, with current credits", async () => {
      const u = await t.signUp(`grace_hopper-${kind}@example.com`);
      const short = await req("GET", "/api/admin/direct-grant/search?query=g", boss);
      expect(short.status).toBe(400);
      expect((await json(short)).error).toBe("Search needs at least 2 characters");
      expect((await req("GET", "/api/admin/direct-grant/search?query=%20g%20", boss)).status).toBe(400);
      expect((await req("GET", "/api/admin/direct-grant/search", boss)).status).toBe(400);

      const found = await json<{ users: Array<Record<string, unknown>> }>(
        await req("GET", `/api/admin/direct-grant/search?query=${encodeURIComponent("GRACE_hop")}`, boss),
      );
      expect(found.users).toEqual([
        { id: u.userId, username: expect.any(String), email: u.email, currentCredits: expect.any(Number) },
      ]);
      // LIKE wildcards are searched literally.
      const pct = await json<{ users: unknown[] }>(
        await req("GET", "/api/admin/direct-grant/search?query=%25%25", boss),
      );
      expect(pct.users).toEqual([]);
    });

    it("returns at most 20 users", async () => {
      for (let i = 0; i < 22; i++) await t.insertUser(`many${i}-${kind}@example.com`);
      const found = await json<{ users: unknown[] }>(
        await req("GET", "/api/admin/direct-grant/search?query=many", boss),
      );
      expect(found.users).toHaveLength(20);
    });

    it("grants credits to several users and lists them in history, newest first", async () => {
      const a = await signUp();
      const b = await signUp();
      const [a0, b0] = [await available(a), await available(b)];
      const res = await req("POST", "/api/admin/direct-grant/grant", boss, {
        userIds: [a.userId, b.userId, a.userId],
        creditAmount: 120,
        reason: "  launch thanks  ",
      });
      expect(res.status).toBe(200);
      const body = await json<{ success: boolean; message: string; results: Array<Record<string, unknown>> }>(res);
      expect(body).toEqual({
        success: true,
        message: "Granted 120 credits to 2 users",
        results: [
          { userId: a.userId, success: true, newBalance: a0 + 120 },
          { userId: b.userId, success: true, newBalance: b0 + 120 },
        ],
      });
      expect(await available(a)).toBe(a0 + 120);
      const history = await json<{ history: Array<Record<string, unknown>> }>(
        await req("GET", "/api/admin/direct-grant/history", boss),
      );
      expect(history.history[0]).toEqual({
        id: expect.any(Number),
        userId: b.userId,
        username: expect.any(String),
        email: b.email,
        reason: "launch thanks",
        creditsGranted: 120,
        grantedAt: expect.any(String),
        grantedBy: boss.email,
      });
      expect(history.history[1]).toMatchObject({ userId: a.userId, reason: "launch thanks" });
      const tx = await json<{ transactions: Array<Record<string, unknown>> }>(
        await req("GET", "/api/billing/history", a),
      );
      expect(tx.transactions[0]).toMatchObject({
        type: "grant",
        amount: 120,
        description: "Granted by an administrator: launch thanks",
      });
    });

    it("reports users that could not receive credits, still crediting the rest", async () => {
      const a = await signUp();
      const res = await req("POST", "/api/admin/direct-grant/grant", boss, {
        userIds: ["ghost", a.userId],
        creditAmount: 5,
        reason: "x",
      });
      const body = await json<{ success: boolean; message: string; results: Array<Record<string, unknown>> }>(res);
      expect(res.status).toBe(200);
      expect(body.results).toEqual([
        { userId: "ghost", success: false, error: "User not found" },
        { userId: a.userId, success: true, newBalance: 5 },
      ]);
      expect(body.message).toBe("Granted 5 credits to 1 user; 1 could not receive credits");
    });

    it("refuses invalid grants and changes nothing", async () => {
      const a = await signUp();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ userIds: [a.userId], creditAmount: 0, reason: "x" }, ADMIN_MESSAGES.grantAmountInvalid],
        [{ userIds: [a.userId], creditAmount: 10001, reason: "x" }, ADMIN_MESSAGES.grantAmountInvalid],
        [{ userIds: [a.userId], creditAmount: 1.5, reason: "x" }, ADMIN_MESSAGES.grantAmountInvalid],
        [{ userIds: [a.userId], creditAmount: "5", reason: "x" }, ADMIN_MESSAGES.grantAmountInvalid],
        [{ userIds: [a.userId], creditAmount: 5, reason: "  " }, ADMIN_MESSAGES.reasonRequired],
        [{ userIds: [a.userId], creditAmount: 5 }, ADMIN_MESSAGES.reasonRequired],
        [{ userIds: [a.userId], creditAmount: 5, reason: "r".repeat(501) }, ADMIN_MESSAGES.reasonTooLong],
        [{ userIds: [], creditAmount: 5, reason: "x" }, ADMIN_MESSAGES.selectUsers],
        [{ creditAmount: 5, reason: "x" }, ADMIN_MESSAGES.selectUsers],
      ];
      for (const [body, message] of cases) {
        const res = await req("POST", "/api/admin/direct-grant/grant", boss, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await json(res)).error, JSON.stringify(body)).toBe(message);
      }
      expect(await available(a)).toBe(0);
      const ok = await req("POST", "/api/admin/direct-grant/grant", boss, {
        userIds: [a.userId],
        creditAmount: 10000,
        reason: "r".repeat(500),
      });
      expect(ok.status).toBe(200);
    });
  });
});

describe("campaignStatus", () => {
  it("treats a campaign ending exactly now as still running", () => {
    const now = new Date("2025-01-01T00:00:00Z");
    expect(
      campaignStatus({ active: true, startDate: now, endDate: now, maxRecipients: null, currentRecipients: 0 }, now),
    ).toBe("active");
  });
});

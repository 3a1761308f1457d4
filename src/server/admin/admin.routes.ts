// /api/admin: bonus campaigns and direct grants. app.ts mounts requireAdmin on /api/admin/* once,
// so every route here is answered 401 signed out and 403 for a non-admin before input is read.

import { Hono } from "hono";
import {
  type AdminStatusResponse,
  AdminStatusResponseSchema,
  CampaignCreateRequest,
  CampaignDeletedSchema,
  CampaignIdParam,
  type CampaignResponse,
  CampaignResponseSchema,
  type CampaignsResponse,
  CampaignsResponseSchema,
  CampaignUpdateRequest,
  DirectGrantRequest,
  type DirectGrantResponse,
  DirectGrantResponseSchema,
  GrantHistoryQuery,
  type GrantHistoryResponse,
  GrantHistoryResponseSchema,
  type RecipientsResponse,
  RecipientsResponseSchema,
  UserSearchQuery,
  type UserSearchResponse,
  UserSearchResponseSchema,
} from "../../shared/admin";
import { countOf, creditCount } from "../../shared/plural";
import type { CampaignService } from "../credits/campaigns.service";
import { doc } from "../http/openapi";
import type { SignedInEnv } from "../http/types";
import { validate } from "../http/validate";
import type { DirectGrantService } from "./direct-grant.service";

export function adminRoutes({
  campaigns,
  directGrants,
  proxyNotice,
}: {
  campaigns: CampaignService;
  directGrants: DirectGrantService;
  /** Requests came through a proxy while TRUST_PROXY is unset: the admin screen says so. */
  proxyNotice?: { readonly notice: string | null };
}) {
  // Behind requireAdmin (app.ts): the user is always there.
  const r = new Hono<SignedInEnv>();

  /** What the operator should know about this server's setup (shown above both admin screens). */
  r.get(
    "/status",
    doc({
      summary: "Admin notices (an untrusted proxy)",
      tag: "Admin",
      caller: "admin",
      response: AdminStatusResponseSchema,
    }),
    (c) => c.json<AdminStatusResponse>({ untrustedProxy: proxyNotice?.notice ?? null }),
  );

  r.get(
    "/campaigns",
    doc({
      summary: "List bonus-credit campaigns",
      tag: "Admin",
      caller: "admin",
      response: CampaignsResponseSchema,
    }),
    async (c) => c.json<CampaignsResponse>({ success: true, campaigns: await campaigns.list() }),
  );

  r.post(
    "/campaigns",
    doc({ summary: "Create a campaign", tag: "Admin", caller: "admin", response: CampaignResponseSchema, status: 201 }),
    validate("json", CampaignCreateRequest),
    async (c) => {
      const admin = c.get("user");
      const { campaign, granted } = await campaigns.create(c.req.valid("json"), admin.id);
      const message = campaign.active
        ? activationMessage(campaign.campaignType, granted, campaign.creditAmount)
        : "Campaign created";
      return c.json<CampaignResponse, 201>({ success: true, message, campaign, granted }, 201);
    },
  );

  r.post(
    "/campaigns/:id/activate",
    doc({
      summary: "Activate a campaign",
      tag: "Admin",
      caller: "admin",
      errors: ["NOT_FOUND"],
      response: CampaignResponseSchema,
    }),
    validate("param", CampaignIdParam),
    async (c) => {
      const { campaign, granted } = await campaigns.activate(c.req.valid("param").id);
      return c.json<CampaignResponse>({
        success: true,
        message: activationMessage(campaign.campaignType, granted, campaign.creditAmount),
        campaign,
        granted,
      });
    },
  );

  r.patch(
    "/campaigns/:id",
    doc({
      summary: "Edit a campaign",
      tag: "Admin",
      caller: "admin",
      errors: ["NOT_FOUND", "CONFLICT"],
      response: CampaignResponseSchema,
    }),
    validate("param", CampaignIdParam),
    validate("json", CampaignUpdateRequest),
    async (c) => {
      const { campaign, granted } = await campaigns.update(c.req.valid("param").id, c.req.valid("json"));
      const message = granted
        ? `Campaign updated: ${countOf(granted, "user")} received ${creditCount(campaign.creditAmount)}`
        : "Campaign updated";
      return c.json<CampaignResponse>({ success: true, message, campaign, granted });
    },
  );

  r.post(
    "/campaigns/:id/deactivate",
    doc({
      summary: "Deactivate a campaign",
      tag: "Admin",
      caller: "admin",
      errors: ["NOT_FOUND"],
      response: CampaignResponseSchema,
    }),
    validate("param", CampaignIdParam),
    async (c) => {
      const { campaign } = await campaigns.deactivate(c.req.valid("param").id);
      return c.json<CampaignResponse>({ success: true, message: "Campaign deactivated", campaign, granted: 0 });
    },
  );

  r.delete(
    "/campaigns/:id",
    doc({
      summary: "Delete a campaign",
      tag: "Admin",
      caller: "admin",
      // A campaign with recipients is deactivated instead.
      errors: ["NOT_FOUND", "CONFLICT"],
      response: CampaignDeletedSchema,
    }),
    validate("param", CampaignIdParam),
    async (c) => {
      await campaigns.remove(c.req.valid("param").id);
      return c.json({ success: true, message: "Campaign deleted" });
    },
  );

  r.get(
    "/campaigns/:id/recipients",
    doc({
      summary: "A campaign's recipients",
      tag: "Admin",
      caller: "admin",
      errors: ["NOT_FOUND"],
      response: RecipientsResponseSchema,
    }),
    validate("param", CampaignIdParam),
    async (c) =>
      c.json<RecipientsResponse>({ success: true, recipients: await campaigns.recipients(c.req.valid("param").id) }),
  );

  r.get(
    "/direct-grant/search",
    doc({
      summary: "Search users to grant credits to",
      tag: "Admin",
      caller: "admin",
      response: UserSearchResponseSchema,
    }),
    validate("query", UserSearchQuery),
    async (c) =>
      c.json<UserSearchResponse>({ success: true, users: await directGrants.search(c.req.valid("query").query) }),
  );

  r.get(
    "/direct-grant/history",
    doc({ summary: "Direct grants so far", tag: "Admin", caller: "admin", response: GrantHistoryResponseSchema }),
    validate("query", GrantHistoryQuery),
    async (c) =>
      c.json<GrantHistoryResponse>({ success: true, history: await directGrants.history(c.req.valid("query").limit) }),
  );

  r.post(
    "/direct-grant/grant",
    doc({ summary: "Grant credits to users", tag: "Admin", caller: "admin", response: DirectGrantResponseSchema }),
    validate("json", DirectGrantRequest),
    async (c) => {
      const admin = c.get("user");
      const body = c.req.valid("json");
      return c.json<DirectGrantResponse>(
        await directGrants.grant({ ...body, admin: { id: admin.id, email: admin.email } }),
      );
    },
  );

  return r;
}

function activationMessage(type: string, granted: number, credits: number): string {
  if (type === "all_users") return `Campaign activated: ${countOf(granted, "user")} received ${creditCount(credits)}`;
  return "Campaign activated: new sign-ups will receive its credits";
}

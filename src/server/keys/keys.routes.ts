// /api/keys (issue 28): a signed-in user's API keys. Session only: no key can list, make or revoke keys.

import { Hono } from "hono";
import {
  ApiKeyParams,
  type ApiKeysResponse,
  ApiKeysResponseSchema,
  CreateApiKeyRequest,
  type CreateApiKeyResponse,
  CreateApiKeyResponseSchema,
} from "../../shared/api-keys";
import { SuccessSchema } from "../../shared/api-schemas";
import { requireUser } from "../http/middleware";
import { doc } from "../http/openapi";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import type { ApiKeysService } from "./api-keys.service";

export function keysRoutes({ apiKeys }: { apiKeys: ApiKeysService }) {
  const r = new Hono<AppEnv>();

  r.post(
    "/",
    doc({
      summary: "Create an API key (the secret is in this answer only)",
      tag: "API keys",
      caller: "session",
      errors: ["CONFLICT"],
      response: CreateApiKeyResponseSchema,
      status: 201,
    }),
    requireUser,
    validate("json", CreateApiKeyRequest),
    async (c) => c.json<CreateApiKeyResponse>(await apiKeys.create(c.get("user").id, c.req.valid("json")), 201),
  );

  r.get(
    "/",
    doc({ summary: "List API keys", tag: "API keys", caller: "session", response: ApiKeysResponseSchema }),
    requireUser,
    async (c) => c.json<ApiKeysResponse>({ keys: await apiKeys.list(c.get("user").id) }),
  );

  r.delete(
    "/:id",
    doc({
      summary: "Revoke an API key (at once, everywhere)",
      tag: "API keys",
      caller: "session",
      errors: ["NOT_FOUND"],
      response: SuccessSchema,
    }),
    requireUser,
    validate("param", ApiKeyParams),
    async (c) => {
      await apiKeys.revoke(c.get("user").id, c.req.valid("param").id);
      return c.json({ success: true });
    },
  );

  return r;
}

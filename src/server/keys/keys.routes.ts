// /api/keys (issue 28): a signed-in user's API keys. Session only: no key can list, make or revoke keys.
import { Hono } from "hono";
import {
  ApiKeyParams,
  type ApiKeysResponse,
  CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from "../../shared/api-keys";
import { requireUser } from "../http/middleware";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import type { ApiKeysService } from "./api-keys.service";

export function keysRoutes({ apiKeys }: { apiKeys: ApiKeysService }) {
  const r = new Hono<AppEnv>();

  r.post("/", requireUser, validate("json", CreateApiKeyRequest), async (c) =>
    c.json<CreateApiKeyResponse>(await apiKeys.create(c.get("user").id, c.req.valid("json")), 201),
  );

  r.get("/", requireUser, async (c) => c.json<ApiKeysResponse>({ keys: await apiKeys.list(c.get("user").id) }));

  r.delete("/:id", requireUser, validate("param", ApiKeyParams), async (c) => {
    await apiKeys.revoke(c.get("user").id, c.req.valid("param").id);
    return c.json({ success: true });
  });

  return r;
}

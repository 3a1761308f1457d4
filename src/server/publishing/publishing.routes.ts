// HTTP for connections (mounted at /api/connections, every route signed in):
//   GET    /                 → { connections }
//   POST   /                 CreateConnectionRequest → 201 { connection } (verified with the site first)
//   POST   /shopify/blogs    ShopifyStoreInput → { shopName, blogs } (to choose a blog before saving)
//   POST   /:id/verify       → { connection } (status and lastError say what the site answered)
//   DELETE /:id              → { success: true } (the sealed secret goes with the row)
// Publishing itself (POST /api/documents/:id/publish) belongs with the documents routes: see
// PublishingService.publishVersion and docs/publishing.md.
import { Hono } from "hono";
import { z } from "zod";
import {
  type ConnectionResponse,
  type ConnectionsResponse,
  CreateConnectionRequest,
  ShopifyStoreInput,
} from "../../shared/publishing";
import { requireUser } from "../http/middleware";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import type { ConnectionsService } from "./connections.service";

const ConnectionIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export function connectionRoutes({ connections }: { connections: ConnectionsService }) {
  const r = new Hono<AppEnv>();

  r.get("/", requireUser, async (c) =>
    c.json<ConnectionsResponse>({ connections: await connections.list(c.var.user.id) }),
  );

  r.post("/", requireUser, validate("json", CreateConnectionRequest), async (c) =>
    c.json<ConnectionResponse>({ connection: await connections.create(c.var.user.id, c.req.valid("json")) }, 201),
  );

  r.post("/shopify/blogs", requireUser, validate("json", ShopifyStoreInput), async (c) =>
    c.json(await connections.shopifyBlogs(c.req.valid("json"))),
  );

  r.post("/:id/verify", requireUser, validate("param", ConnectionIdParam), async (c) =>
    c.json<ConnectionResponse>({ connection: await connections.reverify(c.var.user.id, c.req.valid("param").id) }),
  );

  r.delete("/:id", requireUser, validate("param", ConnectionIdParam), async (c) => {
    await connections.remove(c.var.user.id, c.req.valid("param").id);
    return c.json({ success: true });
  });

  return r;
}

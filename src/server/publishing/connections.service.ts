// A user's connected sites: verified with the site before they are saved, secrets sealed at rest,
// each user sees and touches only their own (another user's id answers 404).
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq } from "drizzle-orm";
import {
  type ConnectionView,
  type CreateConnectionRequest,
  MAX_CONNECTIONS_PER_USER,
  type PublishPlatform,
  type ShopifyBlogsResponse,
  type ShopifyStoreInput,
} from "../../shared/publishing";
import type { Db, DbOrTx } from "../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../db/errors";
import { publishingConnections } from "../db/schema";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { RemoteError, toAppError } from "./remote";
import { type SecretBox, SecretUnreadableError, secretHint } from "./secrets";
import type { ShopifyClient, ShopifyCredentials } from "./shopify";
import type { WordPressClient, WordPressCredentials } from "./wordpress";

type ConnectionRow = typeof publishingConnections.$inferSelect;

/** A connection ready to publish with: its row and the secret opened. */
export type OpenConnection =
  | { platform: "wordpress"; row: ConnectionRow; credentials: WordPressCredentials }
  | { platform: "shopify"; row: ConnectionRow; credentials: ShopifyCredentials };

export interface ConnectionsDeps {
  db: Db;
  box: SecretBox;
  wordpress: WordPressClient;
  shopify: ShopifyClient;
  logger: Logger;
}

const NOT_FOUND = "No such connection.";

export class ConnectionsService {
  constructor(private readonly deps: ConnectionsDeps) {}

  async list(userId: string): Promise<ConnectionView[]> {
    const rows = await this.deps.db
      .select()
      .from(publishingConnections)
      .where(eq(publishingConnections.userId, userId))
      .orderBy(desc(publishingConnections.createdAt), desc(publishingConnections.id));
    return rows.map(toView);
  }

  /** The store's blogs, once its token is known to work and to be allowed to write articles. */
  async shopifyBlogs(input: ShopifyStoreInput): Promise<ShopifyBlogsResponse> {
    const store = await this.remote(() => this.deps.shopify.verify(input), "connect");
    return { shopName: store.shopName, blogs: store.blogs };
  }

  async create(userId: string, input: CreateConnectionRequest): Promise<ConnectionView> {
    const { db, box, logger } = this.deps;
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(publishingConnections)
      .where(eq(publishingConnections.userId, userId));
    if (n >= MAX_CONNECTIONS_PER_USER)
      throw new AppError("CONFLICT", `You have ${n} connections, the most allowed: remove one first.`);

    const id = randomUUID();
    const now = new Date();
    let values: typeof publishingConnections.$inferInsert;
    if (input.platform === "wordpress") {
      const site = await this.remote(() => this.deps.wordpress.verify(input), "connect");
      values = {
        id,
        userId,
        platform: "wordpress",
        name: site.name,
        siteUrl: input.siteUrl,
        account: input.username,
        secretCiphertext: box.seal(input.applicationPassword, id),
        secretHint: secretHint(input.applicationPassword),
        status: "verified",
        verifiedAt: now,
      };
    } else {
      const store = await this.remote(() => this.deps.shopify.verify(input), "connect");
      const blog = store.blogs.find((b) => b.id === input.blogId);
      if (!blog)
        throw new AppError(
          "VALIDATION",
          `That blog is not in ${store.shopName}: choose one of ${store.blogs.map((b) => `"${b.title}"`).join(", ")}.`,
        );
      values = {
        id,
        userId,
        platform: "shopify",
        name: store.shopName,
        siteUrl: `https://${input.shopDomain}`,
        account: blog.id,
        blogTitle: blog.title,
        blogHandle: blog.handle,
        publicUrl: store.publicUrl,
        secretCiphertext: box.seal(input.accessToken, id),
        secretHint: secretHint(input.accessToken),
        status: "verified",
        verifiedAt: now,
      };
    }
    try {
      const [row] = await db.insert(publishingConnections).values(values).returning();
      logger.info({ event: "publishing.connection.created", userId, connectionId: id, platform: input.platform });
      return toView(row as ConnectionRow);
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION)
        throw new AppError(
          "CONFLICT",
          input.platform === "wordpress"
            ? `${input.siteUrl} is already connected as "${input.username}".`
            : "That blog of the store is already connected.",
        );
      throw err;
    }
  }

  /**
   * Asks the site again. The site's verdict is recorded (status and its words in lastError); no
   * verdict (a timeout, a 5xx) is an error and changes nothing.
   */
  async reverify(userId: string, id: string): Promise<ConnectionView> {
    const { db } = this.deps;
    const row = await this.row(userId, id);
    let verdict: { status: "verified" | "failed"; lastError: string | null; name?: string };
    try {
      const open = this.open(row);
      if (open.platform === "wordpress") {
        const site = await this.deps.wordpress.verify(open.credentials);
        verdict = { status: "verified", lastError: null, name: site.name };
      } else {
        const store = await this.deps.shopify.verify(open.credentials);
        if (!store.blogs.some((b) => b.id === row.account))
          throw new RemoteError("not-found", `The blog "${row.blogTitle}" no longer exists in ${store.shopName}.`);
        verdict = { status: "verified", lastError: null, name: store.shopName };
      }
    } catch (err) {
      if (err instanceof SecretUnreadableError)
        verdict = { status: "failed", lastError: `${err.message} Connect the site again.` };
      else if (err instanceof RemoteError && err.kind !== "unavailable" && err.kind !== "rate-limited")
        verdict = { status: "failed", lastError: err.message };
      else if (err instanceof RemoteError) throw toAppError(err, "connect");
      else {
        this.deps.logger.error({ event: "publishing.verify.unexpected", err, connectionId: id });
        throw new AppError("PROVIDER_ERROR", "The site answered in a way Draftsmith did not understand.");
      }
    }
    const [updated] = await db
      .update(publishingConnections)
      .set({
        status: verdict.status,
        lastError: verdict.lastError,
        ...(verdict.name ? { name: verdict.name } : {}),
        ...(verdict.status === "verified" ? { verifiedAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(publishingConnections.id, id), eq(publishingConnections.userId, userId)))
      .returning();
    if (!updated) throw new AppError("NOT_FOUND", NOT_FOUND);
    return toView(updated);
  }

  /** Deletes the connection and, with its row, its sealed secret. */
  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.deps.db
      .delete(publishingConnections)
      .where(and(eq(publishingConnections.id, id), eq(publishingConnections.userId, userId)))
      .returning({ id: publishingConnections.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", NOT_FOUND);
    this.deps.logger.info({ event: "publishing.connection.deleted", userId, connectionId: id });
  }

  /** The caller's connection with its secret opened, for publishing. */
  async openForPublish(userId: string, id: string): Promise<OpenConnection> {
    const row = await this.row(userId, id);
    try {
      return this.open(row);
    } catch (err) {
      if (err instanceof SecretUnreadableError)
        throw new AppError("VALIDATION", `${err.message} Remove the connection and connect the site again.`);
      throw err;
    }
  }

  private open(row: ConnectionRow): OpenConnection {
    const secret = this.deps.box.open(row.secretCiphertext, row.id);
    if ((row.platform as PublishPlatform) === "wordpress")
      return {
        platform: "wordpress",
        row,
        credentials: { siteUrl: row.siteUrl, username: row.account, applicationPassword: secret },
      };
    return {
      platform: "shopify",
      row,
      credentials: { shopDomain: new URL(row.siteUrl).hostname, accessToken: secret },
    };
  }

  private async row(userId: string, id: string): Promise<ConnectionRow> {
    const [row] = await this.deps.db
      .select()
      .from(publishingConnections)
      .where(and(eq(publishingConnections.id, id), eq(publishingConnections.userId, userId)));
    if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
    return row;
  }

  private async remote<T>(run: () => Promise<T>, during: "connect" | "publish"): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof RemoteError) throw toAppError(err, during);
      if (err instanceof AppError) throw err;
      this.deps.logger.error({ event: "publishing.connect.unexpected", err });
      throw new AppError("PROVIDER_ERROR", "The site answered in a way Draftsmith did not understand.");
    }
  }
}

export function toView(row: ConnectionRow): ConnectionView {
  const platform = row.platform as PublishPlatform;
  return {
    id: row.id,
    platform,
    name: row.name,
    siteUrl: row.siteUrl,
    ...(platform === "wordpress" ? { username: row.account } : {}),
    ...(platform === "shopify"
      ? { blog: { id: row.account, title: row.blogTitle ?? "", handle: row.blogHandle ?? "" } }
      : {}),
    secretHint: row.secretHint,
    status: row.status === "verified" ? "verified" : "failed",
    lastError: row.lastError,
    verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The account data export's "connections": which sites the user connected, as whom, and how they
 * stand — never the secret, not even its hint.
 */
export async function exportConnections(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(publishingConnections)
    .where(eq(publishingConnections.userId, userId))
    .orderBy(asc(publishingConnections.createdAt), asc(publishingConnections.id));
  return rows.map((row) => {
    const { secretHint: _hint, ...view } = toView(row);
    return view;
  });
}

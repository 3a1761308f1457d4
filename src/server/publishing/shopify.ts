// Shopify Admin GraphQL API client (https://shopify.dev/docs/api/admin-graphql), authenticated with a
// custom app's Admin API access token (X-Shopify-Access-Token). Every request goes through SafeHttp.
//   verify:  shop { name primaryDomain } + currentAppInstallation.accessScopes + blogs
//   publish: articleCreate / articleUpdate with body, summary, handle, tags, isPublished, publishDate,
//            image, and the SEO title/description as the global.title_tag / global.description_tag
//            metafields (what the admin's "Search engine listing" edits).
import type { PublishStatus, ShopifyBlog } from "../../shared/publishing";
import {
  type ExistingRemotePost,
  plainText,
  RemoteError,
  type RemotePost,
  type RemotePublishResult,
  remote,
  retryAfterSeconds,
  retryText,
} from "./remote";
import type { SafeHttp, SafeResponse } from "./safe-http";

/** A stable Admin API version (Shopify supports each for twelve months). */
export const SHOPIFY_API_VERSION = "2026-10";

/** articleCreate needs one of these (https://shopify.dev/docs/api/admin-graphql/latest/mutations/articleCreate). */
const WRITE_SCOPES = ["write_content", "write_online_store_pages"];

export interface ShopifyCredentials {
  shopDomain: string;
  accessToken: string;
}

export interface ShopifyStore {
  shopName: string;
  /** The storefront's primary domain, e.g. https://shop.example.com */
  publicUrl: string;
  scopes: string[];
  blogs: ShopifyBlog[];
}

export interface ShopifyTarget {
  blog: ShopifyBlog;
  publicUrl: string;
}

interface GraphQLError {
  message?: string;
  extensions?: { code?: string };
}

interface ArticlePayload {
  article: { id: string; handle: string; isPublished: boolean; publishedAt: string | null } | null;
  userErrors: { code?: string | null; field?: string[] | null; message: string }[];
}

const STORE_QUERY = `query DraftsmithStore {
  shop { name primaryDomain { url } }
  currentAppInstallation { accessScopes { handle } }
  blogs(first: 50) { nodes { id title handle } }
}`;

const ARTICLE_FIELDS = `article { id handle isPublished publishedAt }
    userErrors { code field message }`;

const ARTICLE_CREATE = `mutation DraftsmithArticleCreate($article: ArticleCreateInput!) {
  articleCreate(article: $article) {
    ${ARTICLE_FIELDS}
  }
}`;

const ARTICLE_UPDATE = `mutation DraftsmithArticleUpdate($id: ID!, $article: ArticleUpdateInput!) {
  articleUpdate(id: $id, article: $article) {
    ${ARTICLE_FIELDS}
  }
}`;

export class ShopifyClient {
  /** `apiBase` (tests): send every call to `${apiBase}/admin/api/…` instead of the store's domain. */
  constructor(
    private readonly http: SafeHttp,
    private readonly apiBase?: string,
  ) {}

  /** The store's name, domain, the token's scopes and the store's blogs. */
  async store(creds: ShopifyCredentials): Promise<ShopifyStore> {
    return await remote(async () => {
      const data = await this.graphql<{
        shop?: { name?: string; primaryDomain?: { url?: string } };
        currentAppInstallation?: { accessScopes?: { handle: string }[] };
        blogs?: { nodes?: ShopifyBlog[] };
      }>(creds, STORE_QUERY, {}, "read the store");
      const scopes = (data.currentAppInstallation?.accessScopes ?? []).map((s) => s.handle);
      return {
        shopName: data.shop?.name ? plainText(data.shop.name, 200) : creds.shopDomain,
        publicUrl: (data.shop?.primaryDomain?.url ?? `https://${creds.shopDomain}`).replace(/\/+$/, ""),
        scopes,
        blogs: (data.blogs?.nodes ?? []).map((b) => ({
          id: b.id,
          title: plainText(b.title ?? "", 200),
          handle: b.handle ?? "",
        })),
      };
    });
  }

  /** The store, once it is clear the token may write articles and the store has a blog. */
  async verify(creds: ShopifyCredentials): Promise<ShopifyStore> {
    const store = await this.store(creds);
    if (!store.scopes.some((s) => WRITE_SCOPES.includes(s)))
      throw new RemoteError(
        "forbidden",
        `This token lacks write_content: give the app the write_content scope in Shopify (Settings → Apps and sales channels → Develop apps → Configuration), then reinstall it. Its scopes: ${store.scopes.join(", ") || "none"}.`,
      );
    if (store.blogs.length === 0)
      throw new RemoteError(
        "not-found",
        `${store.shopName} has no blog yet: create one in Shopify (Online Store → Blog posts → Manage blogs).`,
      );
    return store;
  }

  async publish(
    creds: ShopifyCredentials,
    target: ShopifyTarget,
    post: RemotePost,
    existing?: ExistingRemotePost,
  ): Promise<RemotePublishResult> {
    return await remote(async () => {
      const notes: string[] = [];
      if (post.categories.length)
        notes.push("Shopify blogs have no categories: the categories were added to the article's tags.");
      const article: Record<string, unknown> = {
        title: post.title,
        body: withoutJsonLd(post.html),
        summary: `<p>${escapeHtml(post.excerpt)}</p>`,
        handle: post.slug,
        tags: [...new Set([...post.tags, ...post.categories])],
        isPublished: post.status !== "draft",
        metafields: [
          { namespace: "global", key: "title_tag", type: "single_line_text_field", value: post.seoTitle },
          { namespace: "global", key: "description_tag", type: "single_line_text_field", value: post.seoDescription },
        ],
      };
      if (post.status === "future" && post.publishAt) article.publishDate = new Date(post.publishAt).toISOString();
      if (post.featuredImageUrl) article.image = { url: post.featuredImageUrl, altText: post.title };

      const update = (input: Record<string, unknown>) =>
        this.graphql<{ articleUpdate?: ArticlePayload }>(
          creds,
          ARTICLE_UPDATE,
          { id: existing?.remoteId, article: input },
          "update the article",
        ).then((d) => d.articleUpdate);
      const create = (input: Record<string, unknown>) =>
        this.graphql<{ articleCreate?: ArticlePayload }>(
          creds,
          ARTICLE_CREATE,
          { article: { ...input, blogId: target.blog.id, author: { name: post.authorName } } },
          "create the article",
        ).then((d) => d.articleCreate);
      // Unlike WordPress, Shopify refuses a handle another article of the blog has: send again without
      // one, and Shopify keeps the article's handle (update) or makes a free one from the title (create).
      const withFreeHandle = async (send: (input: Record<string, unknown>) => Promise<ArticlePayload | undefined>) => {
        const first = await send(article);
        if (!first?.userErrors?.some((e) => e.code === "TAKEN" && e.field?.includes("handle"))) return first;
        const { handle: _taken, ...rest } = article;
        const second = await send(rest);
        if (second?.article)
          notes.push(
            `The handle "${post.slug}" is taken in this blog; the article's handle is "${second.article.handle}".`,
          );
        return second;
      };

      let payload: ArticlePayload | undefined;
      let created = true;
      if (existing?.remoteId) {
        const updated = await withFreeHandle(update);
        const gone = updated?.userErrors?.some((e) => e.code === "NOT_FOUND" && e.field?.includes("id"));
        if (gone) notes.push("The article published earlier no longer exists on Shopify; a new article was created.");
        else {
          payload = updated;
          created = false;
        }
      }
      payload ??= await withFreeHandle(create);
      if (!payload) throw new RemoteError("unavailable", `${creds.shopDomain} did not answer with the article.`);
      const userErrors = payload.userErrors ?? [];
      if (userErrors.length > 0) {
        const first = userErrors[0];
        const list = userErrors
          .map((e) => `${plainText(e.message ?? "", 200)}${e.field?.length ? ` (${e.field.join(".")})` : ""}`)
          .join("; ");
        throw new RemoteError("rejected", `Shopify refused the article: ${list}`, undefined, first?.code ?? undefined);
      }
      const saved = payload.article;
      if (!saved) throw new RemoteError("unavailable", `${creds.shopDomain} did not answer with the article.`);
      const numericId = saved.id.split("/").pop() ?? saved.id;
      const storeName = creds.shopDomain.replace(/\.myshopify\.com$/, "");
      const editUrl = `https://admin.shopify.com/store/${storeName}/content/articles/${numericId}`;
      const status: PublishStatus = !saved.isPublished
        ? "draft"
        : saved.publishedAt && Date.parse(saved.publishedAt) > Date.now()
          ? "future"
          : "publish";
      return {
        remoteId: saved.id,
        url: status === "publish" ? `${target.publicUrl}/blogs/${target.blog.handle}/${saved.handle}` : editUrl,
        editUrl,
        status,
        created,
        notes,
      };
    });
  }

  private endpoint(creds: ShopifyCredentials): string {
    const origin = this.apiBase ?? `https://${creds.shopDomain}`;
    return `${origin}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  }

  /** One GraphQL call; HTTP errors and top-level `errors` become RemoteErrors in plain words. */
  private async graphql<T>(
    creds: ShopifyCredentials,
    query: string,
    variables: Record<string, unknown>,
    action: string,
  ): Promise<T> {
    const res = await this.http.request(this.endpoint(creds), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "x-shopify-access-token": creds.accessToken,
      },
      body: JSON.stringify({ query, variables }),
    });
    if (res.status !== 200) throw shopifyHttpError(res, creds, action);
    const body = res.json<{ data?: T | null; errors?: GraphQLError[] | string; extensions?: ThrottleExtensions }>();
    if (!body) throw new RemoteError("unavailable", `${creds.shopDomain} did not answer like the Shopify Admin API.`);
    if (Array.isArray(body.errors) && body.errors.length > 0)
      throw shopifyGraphQLError(body.errors, body.extensions, action);
    if (!body.data) throw new RemoteError("unavailable", `${creds.shopDomain} answered without data.`);
    return body.data;
  }
}

interface ThrottleExtensions {
  cost?: {
    requestedQueryCost?: number;
    throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
  };
}

function shopifyHttpError(res: SafeResponse, creds: ShopifyCredentials, action: string): RemoteError {
  const body = res.json<{ errors?: unknown }>();
  const said =
    typeof body?.errors === "string"
      ? plainText(body.errors)
      : Array.isArray(body?.errors)
        ? plainText((body.errors as GraphQLError[]).map((e) => e.message ?? "").join("; "))
        : undefined;
  const shop = creds.shopDomain;
  switch (res.status) {
    case 401:
      return new RemoteError(
        "auth",
        `Shopify refused the access token for ${shop}: it is mistyped or was revoked${said ? ` (${said})` : ""}.`,
      );
    case 402:
      return new RemoteError(
        "forbidden",
        `${shop} is frozen (402 Payment Required): Shopify accepts no changes until the bill is paid.`,
      );
    case 403:
      return new RemoteError("forbidden", `Shopify refused to ${action} (403)${said ? `: ${said}` : "."}`);
    case 404:
      return new RemoteError(
        "not-found",
        `No Shopify store answers at ${shop} (404): check the store's .myshopify.com address.`,
      );
    case 423:
      return new RemoteError("forbidden", `${shop} is locked by Shopify (423) and accepts no changes.`);
    case 429: {
      const wait = retryAfterSeconds(res.headers["retry-after"]);
      return new RemoteError("rate-limited", `Shopify is limiting requests to ${shop} (429). ${retryText(wait)}`, wait);
    }
    default:
      if (res.status >= 500)
        return new RemoteError("unavailable", `Shopify had a server error (${res.status}) while trying to ${action}.`);
      return new RemoteError("rejected", `Shopify refused to ${action} (${res.status})${said ? `: ${said}` : "."}`);
  }
}

function shopifyGraphQLError(errors: GraphQLError[], extensions: ThrottleExtensions | undefined, action: string) {
  const codes = errors.map((e) => e.extensions?.code);
  const said = plainText(errors.map((e) => e.message ?? "").join("; "));
  if (codes.includes("THROTTLED")) {
    // Shopify's leaky bucket: wait until enough cost points are restored.
    const cost = extensions?.cost;
    const need = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
    const rate = cost?.throttleStatus?.restoreRate ?? 0;
    const wait = rate > 0 ? Math.max(1, Math.ceil(need / rate)) : undefined;
    return new RemoteError(
      "rate-limited",
      `Shopify is limiting requests (throttled). ${retryText(wait)}`,
      wait,
      "THROTTLED",
    );
  }
  if (codes.includes("ACCESS_DENIED")) {
    if (/write_content|write_online_store_pages/.test(said))
      return new RemoteError(
        "forbidden",
        "This token lacks write_content: give the app the write_content scope in Shopify, then reinstall it.",
        undefined,
        "ACCESS_DENIED",
      );
    return new RemoteError("forbidden", `Shopify refused to ${action}: ${said}`, undefined, "ACCESS_DENIED");
  }
  return new RemoteError("unavailable", `Shopify could not ${action}: ${said}`, undefined, codes[0]);
}

/** Shopify strips <script> from article bodies; JSON-LD belongs in the theme (docs/seo.md). */
export function withoutJsonLd(html: string): string {
  return html
    .replace(
      /<!-- wp:html -->\s*(<script[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script>\s*)+<!-- \/wp:html -->/gi,
      "",
    )
    .replace(/<script[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script>/gi, "")
    .trim();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

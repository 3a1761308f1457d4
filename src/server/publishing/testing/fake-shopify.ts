// A loopback Shopify Admin GraphQL API (POST /admin/api/<version>/graphql.json) for the operations
// Draftsmith sends, answering in Shopify's documented shapes, errors included:
//   401 {"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}
//   200 {"errors":[{"message":"Access denied for articleCreate field. …","extensions":{"code":"ACCESS_DENIED"}}]}
//   200 {"errors":[{"message":"Throttled","extensions":{"code":"THROTTLED"}}],"extensions":{"cost":{…}}}
//   200 {"data":{"articleCreate":{"article":null,"userErrors":[{"code":"TAKEN","field":["article","handle"],…}]}}}
// It recognises operations by their root fields (shop/blogs, articleCreate, articleUpdate) and reads
// the request's variables, as Shopify would; it does not parse GraphQL in general.
//   const shop = await new FakeShopify().start();  // shop.url, shop.articles, shop.requests
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeServer, listenOnLoopback } from "../../testing/loopback";

export interface FakeShopifyToken {
  token: string;
  scopes: string[];
}

export interface FakeShopifyArticle {
  id: string;
  blogId: string;
  title: string;
  body: string;
  summary: string;
  handle: string;
  tags: string[];
  isPublished: boolean;
  publishedAt: string | null;
  image: { url: string; altText?: string } | null;
  author: string;
  metafields: { namespace: string; key: string; type: string; value: string }[];
}

export const WRITE_TOKEN: FakeShopifyToken = {
  token: "shpat_fake_write_0123456789abcdef",
  scopes: ["read_content", "write_content"],
};
export const READ_ONLY_TOKEN: FakeShopifyToken = {
  token: "shpat_fake_read_fedcba9876543210",
  scopes: ["read_content"],
};

export const FAKE_BLOGS = [
  { id: "gid://shopify/Blog/241253187", title: "News", handle: "news" },
  { id: "gid://shopify/Blog/397675442", title: "Bread Journal", handle: "bread-journal" },
];

export class FakeShopify {
  url = "";
  readonly articles = new Map<string, FakeShopifyArticle>();
  readonly requests: { operation: string; token?: string; variables: Record<string, unknown> }[] = [];
  private server?: Server;
  private nextId = 558169081;
  private throttleNext = false;
  private userErrorsNext?: { code: string; field: string[]; message: string }[];
  private http429Next?: string;

  constructor(
    readonly opts: {
      shopName?: string;
      primaryDomain?: string;
      tokens?: FakeShopifyToken[];
      blogs?: { id: string; title: string; handle: string }[];
    } = {},
  ) {}

  /** The next GraphQL call is throttled (200 with a THROTTLED error, as Shopify answers). */
  throttleOnce(): void {
    this.throttleNext = true;
  }

  /** The next articleCreate / articleUpdate answers with these userErrors. */
  userErrorsOnce(errors: { code: string; field: string[]; message: string }[]): void {
    this.userErrorsNext = errors;
  }

  /** The next call answers HTTP 429 with this Retry-After. */
  tooManyRequestsOnce(retryAfter: string): void {
    this.http429Next = retryAfter;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ errors: String(err) }));
      });
    });
    this.url = await listenOnLoopback(this.server);
    return this;
  }

  async close(): Promise<void> {
    if (this.server) await closeServer(this.server);
  }

  private get tokens() {
    return this.opts.tokens ?? [WRITE_TOKEN, READ_ONLY_TOKEN];
  }

  private get blogs() {
    return this.opts.blogs ?? FAKE_BLOGS;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    if (!/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(url.pathname) || req.method !== "POST")
      return json(res, 404, { errors: "Not Found" });
    const token = req.headers["x-shopify-access-token"] as string | undefined;
    const raw = await readBody(req);
    let body: { query?: string; variables?: Record<string, unknown> } | undefined;
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, { errors: { query: "Required parameter missing or invalid" } });
    }
    const query = body?.query ?? "";
    const variables = body?.variables ?? {};
    const operation = /\barticleCreate\s*\(/.test(query)
      ? "articleCreate"
      : /\barticleUpdate\s*\(/.test(query)
        ? "articleUpdate"
        : /\bshop\s*\{/.test(query)
          ? "store"
          : "unknown";
    this.requests.push({ operation, token, variables });

    const known = this.tokens.find((t) => t.token === token);
    if (!known)
      return json(res, 401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
    if (this.http429Next !== undefined) {
      const retryAfter = this.http429Next;
      this.http429Next = undefined;
      return json(
        res,
        429,
        { errors: "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service." },
        { "retry-after": retryAfter },
      );
    }
    const cost = (requested: number, available: number) => ({
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: available >= requested ? requested : null,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: 100 },
      },
    });
    if (this.throttleNext) {
      this.throttleNext = false;
      return json(res, 200, {
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: cost(752, 52),
      });
    }

    if (operation === "store")
      return json(res, 200, {
        data: {
          shop: {
            name: this.opts.shopName ?? "Fake Crumb Co.",
            primaryDomain: { url: this.opts.primaryDomain ?? "https://crumb.example" },
          },
          currentAppInstallation: { accessScopes: known.scopes.map((handle) => ({ handle })) },
          blogs: { nodes: this.blogs },
        },
        extensions: cost(4, 1996),
      });

    if (operation === "articleCreate" || operation === "articleUpdate") {
      if (!known.scopes.includes("write_content"))
        return json(res, 200, {
          errors: [
            {
              message: `Access denied for ${operation} field. Required access: \`write_content\` access scope. Also: User must have \`create_and_edit_blog_posts\` permission.`,
              locations: [{ line: 2, column: 3 }],
              extensions: {
                code: "ACCESS_DENIED",
                documentation: "https://shopify.dev/api/usage/access-scopes",
                requiredAccess: "`write_content` access scope.",
              },
              path: [operation],
            },
          ],
          data: { [operation]: null },
          extensions: cost(10, 1990),
        });
      const input = (variables.article ?? {}) as Record<string, unknown>;
      if (this.userErrorsNext) {
        const userErrors = this.userErrorsNext;
        this.userErrorsNext = undefined;
        return json(res, 200, { data: { [operation]: { article: null, userErrors } }, extensions: cost(10, 1990) });
      }
      const payload =
        operation === "articleCreate" ? this.create(input) : this.update(String(variables.id ?? ""), input);
      return json(res, 200, { data: { [operation]: payload }, extensions: cost(10, 1990) });
    }

    return json(res, 200, {
      errors: [
        { message: "Field 'unknown' doesn't exist on type 'QueryRoot'", extensions: { code: "undefinedField" } },
      ],
    });
  }

  private create(input: Record<string, unknown>) {
    const errors = this.validate(input, true);
    if (errors.length) return { article: null, userErrors: errors };
    const id = `gid://shopify/Article/${this.nextId++}`;
    const article: FakeShopifyArticle = {
      id,
      blogId: String(input.blogId),
      title: String(input.title),
      body: String(input.body ?? ""),
      summary: String(input.summary ?? ""),
      // A handle given must be free; without one Shopify makes a unique one from the title.
      handle: typeof input.handle === "string" ? slug(input.handle) : this.freeHandle(String(input.title)),
      tags: (input.tags as string[] | undefined) ?? [],
      isPublished: Boolean(input.isPublished),
      publishedAt: null,
      image: (input.image as FakeShopifyArticle["image"]) ?? null,
      author: String((input.author as { name?: string } | undefined)?.name ?? ""),
      metafields: [],
    };
    this.apply(article, input);
    this.articles.set(id, article);
    return { article: this.articleJson(article), userErrors: [] };
  }

  private update(id: string, input: Record<string, unknown>) {
    const article = this.articles.get(id);
    if (!article)
      return { article: null, userErrors: [{ code: "NOT_FOUND", field: ["id"], message: "Article does not exist" }] };
    const errors = this.validate(input, false, id);
    if (errors.length) return { article: null, userErrors: errors };
    for (const k of ["title", "body", "summary"] as const)
      if (typeof input[k] === "string") article[k] = input[k] as string;
    if (typeof input.handle === "string") article.handle = slug(input.handle);
    if (Array.isArray(input.tags)) article.tags = input.tags as string[];
    if ("image" in input) article.image = (input.image as FakeShopifyArticle["image"]) ?? null;
    if (typeof input.isPublished === "boolean") article.isPublished = input.isPublished;
    this.apply(article, input);
    return { article: this.articleJson(article), userErrors: [] };
  }

  private apply(article: FakeShopifyArticle, input: Record<string, unknown>) {
    if (typeof input.publishDate === "string") article.publishedAt = input.publishDate;
    else if (article.isPublished && !article.publishedAt) article.publishedAt = new Date().toISOString();
    if (!article.isPublished) article.publishedAt = null;
    for (const m of (input.metafields as FakeShopifyArticle["metafields"] | undefined) ?? []) {
      const i = article.metafields.findIndex((x) => x.namespace === m.namespace && x.key === m.key);
      if (i >= 0) article.metafields[i] = m;
      else article.metafields.push(m);
    }
  }

  private validate(input: Record<string, unknown>, creating: boolean, id?: string) {
    const errors: { code: string; field: string[]; message: string }[] = [];
    if (creating && (typeof input.title !== "string" || !input.title.trim()))
      errors.push({ code: "BLANK", field: ["article", "title"], message: "Title can't be blank" });
    if (creating && !this.blogs.some((b) => b.id === input.blogId))
      errors.push({ code: "NOT_FOUND", field: ["article", "blogId"], message: "Blog does not exist" });
    if (creating && !(input.author as { name?: string } | undefined)?.name)
      errors.push({ code: "AUTHOR_FIELD_REQUIRED", field: ["article", "author"], message: "Author is required" });
    const image = input.image as { url?: string } | undefined;
    if (image?.url && !/^https?:\/\//.test(image.url))
      errors.push({ code: "INVALID", field: ["article", "image", "url"], message: "Image url is invalid" });
    const handle = typeof input.handle === "string" ? input.handle : undefined;
    if (
      handle &&
      [...this.articles.values()].some(
        (a) => a.id !== id && a.handle === handle && a.blogId === (input.blogId ?? a.blogId),
      )
    )
      errors.push({ code: "TAKEN", field: ["article", "handle"], message: "Handle has already been taken" });
    for (const m of (input.metafields as { type?: string; namespace?: string; key?: string }[] | undefined) ?? [])
      if (!m.type || !m.namespace || !m.key)
        errors.push({ code: "INVALID", field: ["article", "metafields"], message: "Metafield is invalid" });
    return errors;
  }

  private freeHandle(title: string): string {
    const base = slug(title) || "article";
    let candidate = base;
    for (let n = 1; [...this.articles.values()].some((a) => a.handle === candidate); n++) candidate = `${base}-${n}`;
    return candidate;
  }

  private articleJson(a: FakeShopifyArticle) {
    return { id: a.id, handle: a.handle, isPublished: a.isPublished, publishedAt: a.publishedAt };
  }
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

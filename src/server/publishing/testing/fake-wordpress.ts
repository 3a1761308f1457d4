// A loopback WordPress that answers the REST API routes Draftsmith uses, in WordPress's documented
// shapes (https://developer.wordpress.org/rest-api/reference/), errors included:
//   { "code": "incorrect_password", "message": "…", "data": { "status": 401 } }
// Application Password auth (Basic) as core does it: spaces in the password are ignored; unknown user
// → invalid_username; wrong password → incorrect_password; no credentials → rest_not_logged_in (users/me)
// or rest_cannot_create (posts). Used by the wire-level tests and the Playwright specs.
//   const wp = await new FakeWordPress().start();  // wp.url, wp.posts, wp.requests
//   wp.failNext({ path: "/wp/v2/posts", status: 429, headers: { "retry-after": "17" } });
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeServer, listenOnLoopback } from "../../testing/loopback";

export interface FakeWordPressUser {
  username: string;
  /** The Application Password as WordPress shows it (spaces are ignored when checking). */
  applicationPassword: string;
  id: number;
  name: string;
  roles: string[];
  capabilities: Record<string, boolean>;
}

export interface FakeWpPost {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  status: string;
  date_gmt: string;
  categories: number[];
  tags: number[];
  featured_media: number;
  meta: Record<string, string>;
  author: number;
}

export interface FakeWpTerm {
  id: number;
  name: string;
  slug: string;
}

export interface FakeWpMedia {
  id: number;
  filename: string;
  mimeType: string;
  bytes: number;
}

export interface FailAnswer {
  method?: string;
  /** A REST route ("/wp/v2/posts") or a regular expression on it. */
  path: string | RegExp;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer (to test time limits). */
  hang?: boolean;
}

export const EDITOR: FakeWordPressUser = {
  username: "editor",
  applicationPassword: "abcd EFGH ijkl MNOP qrst UVWX",
  id: 2,
  name: "Eda Editor",
  roles: ["editor"],
  capabilities: { edit_posts: true, publish_posts: true, upload_files: true, manage_categories: true, read: true },
};

export const SUBSCRIBER: FakeWordPressUser = {
  username: "reader",
  applicationPassword: "zzzz yyyy xxxx wwww vvvv uuuu",
  id: 3,
  name: "Rita Reader",
  roles: ["subscriber"],
  capabilities: { read: true },
};

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

const POST_STATUSES = ["publish", "future", "draft", "pending", "private"];

export class FakeWordPress {
  url = "";
  readonly posts = new Map<number, FakeWpPost>();
  readonly categories: FakeWpTerm[] = [{ id: 1, name: "Uncategorized", slug: "uncategorized" }];
  readonly tags: FakeWpTerm[] = [];
  readonly media: FakeWpMedia[] = [];
  readonly requests: { method: string; route: string; user?: string; query: Record<string, string> }[] = [];
  private readonly failures: FailAnswer[] = [];
  private readonly gates: { method: string; route: string; reached: () => void; released: Promise<void> }[] = [];
  private server?: Server;
  private nextId = 100;

  constructor(
    readonly opts: {
      siteName?: string;
      /** Which SEO plugin registers its post meta for the REST API. */
      seoPlugin?: "yoast" | "rankmath" | null;
      /** The REST API switched off (a security plugin): every /wp-json route answers an HTML 404. */
      restDisabled?: boolean;
      users?: FakeWordPressUser[];
      /** The web server drops the Authorization header (a common CGI/FastCGI setup). */
      dropsAuthorization?: boolean;
    } = {},
  ) {}

  get users(): FakeWordPressUser[] {
    return this.opts.users ?? [EDITOR, SUBSCRIBER];
  }

  failNext(answer: FailAnswer): void {
    this.failures.push(answer);
  }

  /**
   * Holds the next `method route` request until `release()` is called; `reached` resolves when it
   * arrives. For tests that need a send to be in flight.
   */
  hold(method: string, route: string): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const reachedP = new Promise<void>((r) => {
      reached = r;
    });
    const released = new Promise<void>((r) => {
      release = r;
    });
    this.gates.push({ method, route, reached, released });
    return { reached: reachedP, release };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: "internal_server_error", message: String(err), data: { status: 500 } }));
      });
    });
    this.url = await listenOnLoopback(this.server);
    return this;
  }

  async close(): Promise<void> {
    if (this.server) await closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const method = req.method ?? "GET";
    const body = await readBody(req);

    // Not the REST API: images for featured-image downloads.
    if (url.pathname === "/images/photo.png") return send(res, 200, TINY_PNG, { "content-type": "image/png" });
    if (url.pathname === "/images/page.html")
      return send(res, 200, "<!doctype html><p>not an image</p>", { "content-type": "text/html" });
    if (!url.pathname.startsWith("/wp-json")) return send(res, 404, "<!doctype html><h1>Not Found</h1>", html());
    if (this.opts.restDisabled) return send(res, 404, "<!doctype html><h1>Page not found</h1>", html());

    const route = url.pathname.slice("/wp-json".length).replace(/\/+$/, "") || "/";
    const query = Object.fromEntries(url.searchParams);
    const auth = this.authenticate(req);
    this.requests.push({ method, route, user: auth.user?.username, query });

    const gate = this.gates.findIndex((g) => g.method === method && g.route === route);
    if (gate >= 0) {
      const [g] = this.gates.splice(gate, 1);
      g?.reached();
      await g?.released;
    }

    const failure = this.failures.findIndex(
      (f) => (!f.method || f.method === method) && (typeof f.path === "string" ? f.path === route : f.path.test(route)),
    );
    if (failure >= 0) {
      const [f] = this.failures.splice(failure, 1);
      if (f?.hang) return; // never answers
      if (f) return json(res, f.status, f.body ?? {}, f.headers);
    }

    if (route === "/" && method === "GET")
      return json(res, 200, {
        name: this.opts.siteName ?? "Fake Bakery Blog",
        description: "Just another WordPress site",
        url: this.url,
        home: this.url,
        namespaces: [
          "oembed/1.0",
          "wp/v2",
          ...(this.opts.seoPlugin === "yoast" ? ["yoast/v1"] : []),
          ...(this.opts.seoPlugin === "rankmath" ? ["rankmath/v1"] : []),
        ],
        authentication: {
          "application-passwords": { endpoints: { authorization: `${this.url}/wp-admin/authorize-application.php` } },
        },
      });

    if (auth.error) return json(res, 401, auth.error);
    const user = auth.user;

    if (route === "/wp/v2/users/me" && method === "GET") {
      if (!user) return wpError(res, 401, "rest_not_logged_in", "You are not currently logged in.");
      return json(res, 200, {
        id: user.id,
        username: user.username,
        name: user.name,
        slug: user.username,
        ...(query.context === "edit" ? { roles: user.roles, capabilities: user.capabilities } : {}),
      });
    }

    if (route === "/wp/v2/posts" && method === "OPTIONS") {
      const meta: Record<string, unknown> = {};
      if (this.opts.seoPlugin === "yoast") {
        meta._yoast_wpseo_title = { type: "string" };
        meta._yoast_wpseo_metadesc = { type: "string" };
      }
      if (this.opts.seoPlugin === "rankmath") {
        meta.rank_math_title = { type: "string" };
        meta.rank_math_description = { type: "string" };
      }
      return json(res, 200, {
        namespace: "wp/v2",
        methods: ["GET", "POST"],
        schema: {
          title: "post",
          type: "object",
          properties: { id: { type: "integer" }, meta: { type: "object", properties: meta } },
        },
      });
    }

    const termRoute = /^\/wp\/v2\/(categories|tags)$/.exec(route);
    if (termRoute) {
      const list = termRoute[1] === "categories" ? this.categories : this.tags;
      if (method === "GET") {
        const q = (query.search ?? "").toLowerCase();
        return json(
          res,
          200,
          list.filter((t) => t.name.toLowerCase().includes(q)).map((t) => this.termJson(t, termRoute[1] as string)),
        );
      }
      if (method === "POST") {
        if (!user)
          return wpError(
            res,
            401,
            "rest_cannot_create",
            "Sorry, you are not allowed to create terms in this taxonomy.",
          );
        if (termRoute[1] === "categories" && !user.capabilities.manage_categories)
          return wpError(
            res,
            403,
            "rest_cannot_create",
            "Sorry, you are not allowed to create terms in this taxonomy.",
          );
        const name = String((parse(body) as { name?: string })?.name ?? "").trim();
        if (!name)
          return wpError(res, 400, "rest_missing_callback_param", "Missing parameter(s): name", { params: ["name"] });
        const existing = list.find((t) => t.name.toLowerCase() === name.toLowerCase());
        if (existing)
          return wpError(res, 400, "term_exists", "A term with the name provided already exists with this parent.", {
            term_id: existing.id,
          });
        const term = { id: this.nextId++, name, slug: slugify(name) };
        list.push(term);
        return json(res, 201, this.termJson(term, termRoute[1] as string));
      }
    }

    if (route === "/wp/v2/media" && method === "POST") {
      if (!user)
        return wpError(res, 401, "rest_cannot_create", "Sorry, you are not allowed to upload media as this user.");
      if (!user.capabilities.upload_files)
        return wpError(res, 403, "rest_cannot_create", "Sorry, you are not allowed to upload media as this user.");
      const disposition = req.headers["content-disposition"] ?? "";
      const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
      if (!filename) return wpError(res, 400, "rest_upload_no_content_disposition", "No Content-Disposition supplied.");
      if (body.length === 0) return wpError(res, 400, "rest_upload_no_data", "No data supplied.");
      const item = { id: this.nextId++, filename, mimeType: String(req.headers["content-type"]), bytes: body.length };
      this.media.push(item);
      return json(res, 201, {
        id: item.id,
        media_type: "image",
        mime_type: item.mimeType,
        source_url: `${this.url}/wp-content/uploads/${filename}`,
      });
    }

    const postRoute = /^\/wp\/v2\/posts(?:\/(\d+))?$/.exec(route);
    if (postRoute && method === "POST") {
      if (!user)
        return wpError(res, 401, "rest_cannot_create", "Sorry, you are not allowed to create posts as this user.");
      if (!user.capabilities.edit_posts)
        return wpError(res, 403, "rest_cannot_create", "Sorry, you are not allowed to create posts as this user.");
      const input = parse(body) as Partial<Record<string, unknown>> | undefined;
      if (!input) return wpError(res, 400, "rest_invalid_json", "Invalid JSON body passed.");
      const status = input.status === undefined ? "draft" : String(input.status);
      if (!POST_STATUSES.includes(status))
        return wpError(res, 400, "rest_invalid_param", "Invalid parameter(s): status", {
          params: { status: `status is not one of ${POST_STATUSES.join(", ")}.` },
        });
      if ((status === "publish" || status === "future") && !user.capabilities.publish_posts)
        return wpError(
          res,
          403,
          "rest_cannot_publish",
          "Sorry, you are not allowed to publish posts in this post type.",
        );
      const id = postRoute[1] ? Number(postRoute[1]) : undefined;
      let post = id ? this.posts.get(id) : undefined;
      if (id && !post) return wpError(res, 404, "rest_post_invalid_id", "Invalid post ID.");
      if (!post) {
        post = {
          id: this.nextId++,
          title: "",
          content: "",
          excerpt: "",
          slug: "",
          status: "draft",
          date_gmt: new Date().toISOString().slice(0, 19),
          categories: [1],
          tags: [],
          featured_media: 0,
          meta: {},
          author: user.id,
        };
        this.posts.set(post.id, post);
      }
      if (typeof input.title === "string") post.title = input.title;
      if (typeof input.content === "string") post.content = input.content;
      if (typeof input.excerpt === "string") post.excerpt = input.excerpt;
      if (typeof input.date_gmt === "string") post.date_gmt = input.date_gmt;
      if (Array.isArray(input.categories)) post.categories = input.categories.map(Number);
      if (Array.isArray(input.tags)) post.tags = input.tags.map(Number);
      if (typeof input.featured_media === "number") post.featured_media = input.featured_media;
      if (input.meta && typeof input.meta === "object") {
        const registered =
          this.opts.seoPlugin === "yoast"
            ? ["_yoast_wpseo_title", "_yoast_wpseo_metadesc"]
            : this.opts.seoPlugin === "rankmath"
              ? ["rank_math_title", "rank_math_description"]
              : [];
        // WordPress ignores meta keys that are not registered for the REST API.
        for (const [k, v] of Object.entries(input.meta)) if (registered.includes(k)) post.meta[k] = String(v);
      }
      // "future" with a date already past is published at once, as WordPress does.
      post.status = status === "future" && Date.parse(`${post.date_gmt}Z`) <= Date.now() ? "publish" : status;
      const slug = typeof input.slug === "string" ? slugify(input.slug) : post.slug || slugify(post.title);
      post.slug = this.uniqueSlug(slug || `post-${post.id}`, post.id);
      return json(res, id ? 200 : 201, this.postJson(post));
    }
    if (postRoute?.[1] && method === "GET") {
      const post = this.posts.get(Number(postRoute[1]));
      return post ? json(res, 200, this.postJson(post)) : wpError(res, 404, "rest_post_invalid_id", "Invalid post ID.");
    }

    return wpError(res, 404, "rest_no_route", "No route was found matching the URL and request method.");
  }

  private authenticate(req: IncomingMessage): { user?: FakeWordPressUser; error?: unknown } {
    const header = this.opts.dropsAuthorization ? undefined : req.headers.authorization;
    if (!header?.startsWith("Basic ")) return {};
    const [username, ...rest] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
    const password = rest.join(":");
    const user = this.users.find((u) => u.username === username);
    if (!user)
      return {
        error: {
          code: "invalid_username",
          message:
            "<strong>Error:</strong> The username <strong>" +
            username +
            "</strong> is not registered on this site. If you are unsure of your username, try your email address instead.",
          data: { status: 401 },
        },
      };
    if (password.replace(/\s/g, "") !== user.applicationPassword.replace(/\s/g, ""))
      return {
        error: {
          code: "incorrect_password",
          message: "The provided password is an invalid application password.",
          data: { status: 401 },
        },
      };
    return { user };
  }

  private uniqueSlug(slug: string, id: number): string {
    let candidate = slug;
    for (let n = 2; [...this.posts.values()].some((p) => p.id !== id && p.slug === candidate); n++)
      candidate = `${slug}-${n}`;
    return candidate;
  }

  private termJson(t: FakeWpTerm, taxonomy: string) {
    return {
      id: t.id,
      name: t.name,
      slug: t.slug,
      taxonomy: taxonomy === "categories" ? "category" : "post_tag",
      link: `${this.url}/${taxonomy}/${t.slug}/`,
    };
  }

  private postJson(p: FakeWpPost) {
    return {
      id: p.id,
      date_gmt: p.date_gmt,
      slug: p.slug,
      status: p.status,
      type: "post",
      link: p.status === "publish" ? `${this.url}/${p.slug}/` : `${this.url}/?p=${p.id}`,
      title: { raw: p.title, rendered: p.title },
      content: { raw: p.content, rendered: p.content, protected: false },
      excerpt: { raw: p.excerpt, rendered: `<p>${p.excerpt}</p>\n`, protected: false },
      author: p.author,
      featured_media: p.featured_media,
      categories: p.categories,
      tags: p.tags,
      meta: p.meta,
    };
  }
}

function html() {
  return { "content-type": "text/html; charset=UTF-8" };
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>) {
  res.writeHead(status, headers);
  res.end(body);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  send(res, status, JSON.stringify(body), { "content-type": "application/json; charset=UTF-8", ...headers });
}

function wpError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  data: Record<string, unknown> = {},
) {
  json(res, status, { code, message, data: { status, ...data } });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function parse(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

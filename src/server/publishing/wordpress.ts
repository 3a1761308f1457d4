// WordPress REST API client (https://developer.wordpress.org/rest-api/reference/), authenticated with
// an Application Password over Basic auth. Every request goes through SafeHttp.
//   verify:  GET  /wp-json/wp/v2/users/me?context=edit (and GET /wp-json/ for the site's name)
//   publish: GET/POST /wp/v2/categories|tags (names → ids), POST /wp/v2/media (featured image),
//            OPTIONS /wp/v2/posts (which SEO meta keys the site exposes), POST /wp/v2/posts[/{id}]
import type { PublishStatus } from "../../shared/publishing";
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

export interface WordPressCredentials {
  siteUrl: string;
  username: string;
  applicationPassword: string;
}

export interface WordPressSite {
  /** The site's title (GET /wp-json/ "name"), else its host. */
  name: string;
  /** The display name of the connected user. */
  userName: string;
  canPublish: boolean;
}

/** The largest featured image we download and upload (WordPress sites commonly allow 2–64 MB). */
export const MAX_FEATURED_IMAGE_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
};

/** SEO plugins' post meta keys, written when the site registers them for the REST API. */
const SEO_META_KEYS = [
  { plugin: "Yoast SEO", title: "_yoast_wpseo_title", description: "_yoast_wpseo_metadesc" },
  { plugin: "Rank Math", title: "rank_math_title", description: "rank_math_description" },
] as const;

interface WpError {
  code?: string;
  message?: string;
  data?: { status?: number; params?: Record<string, string>; term_id?: number };
}

interface CallOptions {
  query?: Record<string, string>;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
}

export class WordPressClient {
  constructor(private readonly http: SafeHttp) {}

  async verify(creds: WordPressCredentials): Promise<WordPressSite> {
    return await remote(async () => {
      const res = await this.call(creds, "GET", "/wp/v2/users/me", "sign in", { query: { context: "edit" } });
      const user = res.json<{ id?: number; name?: string; roles?: string[]; capabilities?: Record<string, boolean> }>();
      if (!user || typeof user.id !== "number")
        throw new RemoteError("unavailable", `${hostOf(creds)} did not answer like a WordPress site.`);
      const caps = user.capabilities;
      if (caps && !caps.edit_posts) {
        const roles = user.roles?.length ? user.roles.join(", ") : "no role";
        throw new RemoteError(
          "forbidden",
          `The WordPress user "${creds.username}" can't write posts (role: ${roles}). Use an Author, Editor or Administrator account.`,
        );
      }
      return {
        name: (await this.siteName(creds)) ?? hostOf(creds),
        userName: user.name ? plainText(user.name, 100) : creds.username,
        canPublish: caps ? Boolean(caps.publish_posts) : true,
      };
    });
  }

  async publish(
    creds: WordPressCredentials,
    post: RemotePost,
    existing?: ExistingRemotePost,
  ): Promise<RemotePublishResult> {
    return await remote(async () => {
      const notes: string[] = [];
      const categories = await this.termIds(creds, "categories", post.categories);
      const tags = await this.termIds(creds, "tags", post.tags);
      let mediaId: string | undefined;
      if (post.featuredImageUrl) {
        mediaId =
          existing?.mediaId && existing.featuredImageUrl === post.featuredImageUrl
            ? existing.mediaId
            : await this.uploadFeaturedImage(creds, post);
      }
      const seo = await this.seoMeta(creds, post);
      if (seo.note) notes.push(seo.note);

      const body: Record<string, unknown> = {
        title: post.title,
        content: post.html,
        excerpt: post.excerpt,
        slug: post.slug,
        status: post.status,
        categories,
        tags,
      };
      if (mediaId) body.featured_media = Number(mediaId);
      if (post.status === "future" && post.publishAt) body.date_gmt = toWordPressGmt(post.publishAt);
      if (seo.meta) body.meta = seo.meta;

      let res: SafeResponse | undefined;
      let created = true;
      if (existing?.remoteId) {
        try {
          res = await this.call(
            creds,
            "POST",
            `/wp/v2/posts/${encodeURIComponent(existing.remoteId)}`,
            "update the post",
            {
              json: body,
            },
          );
          created = false;
        } catch (err) {
          // Deleted on the site (emptied from the trash): a new post is not a duplicate.
          if (!(err instanceof RemoteError && err.remoteCode === "rest_post_invalid_id")) throw err;
          notes.push("The post published earlier no longer exists on WordPress; a new post was created.");
        }
      }
      res ??= await this.call(creds, "POST", "/wp/v2/posts", "create the post", { json: body });
      const saved = res.json<{ id?: number; link?: string; status?: string }>();
      if (!saved || typeof saved.id !== "number")
        throw new RemoteError("unavailable", `${hostOf(creds)} did not answer with the saved post.`);
      const remoteId = String(saved.id);
      const editUrl = `${creds.siteUrl}/wp-admin/post.php?post=${remoteId}&action=edit`;
      const status = asStatus(saved.status, post.status);
      return {
        remoteId,
        url: status === "publish" && saved.link ? saved.link : editUrl,
        editUrl,
        status,
        mediaId,
        created,
        notes,
      };
    });
  }

  /** Category or tag names → ids, creating the missing ones. */
  private async termIds(creds: WordPressCredentials, taxonomy: "categories" | "tags", names: string[]) {
    const ids: number[] = [];
    const kind = taxonomy === "categories" ? "category" : "tag";
    for (const name of [...new Set(names.map((n) => n.trim()).filter(Boolean))]) {
      const found = await this.call(creds, "GET", `/wp/v2/${taxonomy}`, `look up the ${kind} "${name}"`, {
        query: { search: name, per_page: "100", context: "view" },
      });
      const list = found.json<{ id: number; name: string }[]>() ?? [];
      const match = Array.isArray(list)
        ? list.find((t) => plainText(t.name ?? "", 200).toLowerCase() === name.toLowerCase())
        : undefined;
      if (match) {
        ids.push(match.id);
        continue;
      }
      try {
        const made = await this.call(creds, "POST", `/wp/v2/${taxonomy}`, `create the ${kind} "${name}"`, {
          json: { name },
        });
        const term = made.json<{ id?: number }>();
        if (typeof term?.id === "number") ids.push(term.id);
      } catch (err) {
        if (err instanceof WordPressError && err.remoteCode === "term_exists" && err.termId) {
          ids.push(err.termId);
        } else if (err instanceof RemoteError && err.kind === "forbidden") {
          throw new RemoteError(
            "rejected",
            `WordPress refused to create the ${kind} "${name}": this user may not add ${taxonomy}. Create it in WordPress first, or leave it out.`,
          );
        } else throw err;
      }
    }
    return ids;
  }

  private async uploadFeaturedImage(creds: WordPressCredentials, post: RemotePost): Promise<string> {
    const src = post.featuredImageUrl as string;
    const image = await this.http.request(src, { maxResponseBytes: MAX_FEATURED_IMAGE_BYTES });
    if (image.status !== 200)
      throw new RemoteError(
        "rejected",
        `The featured image could not be downloaded: ${new URL(image.url).host} answered ${image.status}.`,
      );
    const type = (image.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const ext = IMAGE_TYPES[type];
    if (!ext)
      throw new RemoteError(
        "rejected",
        `The featured image URL does not point to a JPEG, PNG, GIF, WebP or AVIF image (it is ${type || "of no stated type"}).`,
      );
    const filename = `${(post.slug || "featured-image").slice(0, 80)}.${ext}`;
    const res = await this.call(creds, "POST", "/wp/v2/media", "upload the featured image", {
      body: image.body,
      headers: { "content-type": type, "content-disposition": `attachment; filename="${filename}"` },
    });
    const media = res.json<{ id?: number }>();
    if (typeof media?.id !== "number")
      throw new RemoteError("unavailable", `${hostOf(creds)} did not answer with the uploaded image.`);
    return String(media.id);
  }

  /** The SEO plugin fields this site lets the REST API write (registered post meta), if any. */
  private async seoMeta(
    creds: WordPressCredentials,
    post: RemotePost,
  ): Promise<{ meta?: Record<string, string>; note?: string }> {
    let keys: string[] = [];
    try {
      const res = await this.call(creds, "OPTIONS", "/wp/v2/posts", "read the post schema");
      const schema = res.json<{ schema?: { properties?: { meta?: { properties?: Record<string, unknown> } } } }>();
      keys = Object.keys(schema?.schema?.properties?.meta?.properties ?? {});
    } catch (err) {
      if (!(err instanceof RemoteError) || err.kind === "rate-limited") throw err;
      // Without the schema we simply don't write SEO meta.
    }
    const meta: Record<string, string> = {};
    const plugins: string[] = [];
    for (const k of SEO_META_KEYS) {
      if (keys.includes(k.title)) meta[k.title] = post.seoTitle;
      if (keys.includes(k.description)) meta[k.description] = post.seoDescription;
      if (keys.includes(k.title) || keys.includes(k.description)) plugins.push(k.plugin);
    }
    if (plugins.length) return { meta };
    return {
      note: `This site does not expose Yoast SEO or Rank Math fields to the REST API: set the meta title ("${post.seoTitle}") and the meta description in the post's SEO box.`,
    };
  }

  private async siteName(creds: WordPressCredentials): Promise<string | undefined> {
    try {
      const res = await this.call(creds, "GET", "/", "read the site's name");
      const name = res.json<{ name?: string }>()?.name;
      return name ? plainText(name, 200) || undefined : undefined;
    } catch {
      return undefined;
    }
  }

  /** One REST call; any answer but 2xx JSON becomes a RemoteError in plain words. */
  private async call(
    creds: WordPressCredentials,
    method: string,
    route: string,
    action: string,
    opts: CallOptions = {},
  ): Promise<SafeResponse> {
    const url = new URL(`${creds.siteUrl}/wp-json${route}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {
      accept: "application/json",
      authorization: `Basic ${Buffer.from(`${creds.username}:${creds.applicationPassword}`).toString("base64")}`,
      ...(opts.headers ?? {}),
    };
    let body: string | Uint8Array | undefined = opts.body;
    if (opts.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.json);
    }
    const res = await this.http.request(url, { method, headers, body });
    const landed = new URL(res.url);
    if (landed.origin !== url.origin)
      throw new RemoteError(
        "address",
        `${url.host} redirected to ${landed.origin}: use ${landed.origin}${landed.pathname.replace(/\/wp-json\/.*$/, "")} as the site URL.`,
      );
    if (res.status >= 200 && res.status < 300) {
      if (res.json() === undefined)
        throw new RemoteError(
          "not-found",
          `${url.host} answered with a web page instead of the WordPress REST API: is ${creds.siteUrl} the WordPress address?`,
        );
      return res;
    }
    throw wordPressError(res, creds, action);
  }
}

/** A WordPress error answer; term_exists carries the existing term's id. */
class WordPressError extends RemoteError {
  termId?: number;
}

function wordPressError(res: SafeResponse, creds: WordPressCredentials, action: string): RemoteError {
  const err = res.json<WpError>();
  const code = typeof err?.code === "string" ? err.code : undefined;
  const said = err?.message ? plainText(err.message) : undefined;
  const host = hostOf(creds);
  const quoted = said ? `: ${said}` : "";
  const make = (kind: ConstructorParameters<typeof RemoteError>[0], message: string) => {
    const e = new WordPressError(kind, message, undefined, code);
    if (typeof err?.data?.term_id === "number") e.termId = err.data.term_id;
    return e;
  };
  switch (res.status) {
    case 401:
      if (code === "incorrect_password")
        return make("auth", `WordPress refused the application password${quoted || "."}`);
      if (code === "invalid_username" || code === "invalid_email")
        return make("auth", `WordPress doesn't know the user "${creds.username}".`);
      if (code === "application_passwords_disabled" || code === "application_passwords_disabled_for_user")
        return make("auth", `Application passwords are turned off on ${host}${quoted}`);
      if (code === "rest_not_logged_in")
        return make(
          "auth",
          `WordPress did not receive the credentials (${code}): the web server in front of ${host} may be dropping the Authorization header.`,
        );
      return make("auth", `WordPress refused the application password (${code ?? "401"})${quoted}`);
    case 403:
      return make(
        "forbidden",
        said
          ? `WordPress refused to ${action} (${code ?? "403"}): ${said}`
          : `${host} (or a firewall in front of it) refused to ${action} (403).`,
      );
    case 404:
      if (code === "rest_post_invalid_id") return make("not-found", `The post no longer exists on ${host}.`);
      if (code === "rest_no_route")
        return make("not-found", `${host} has no REST route to ${action} (rest_no_route): is a plugin disabling it?`);
      return make(
        "not-found",
        `No WordPress REST API at ${creds.siteUrl}/wp-json/ (404): the REST API may be disabled (by a security plugin), or this is not the site's WordPress address.`,
      );
    case 413:
      return make(
        "too-large",
        action.includes("image")
          ? `${host} refused the featured image as too large (413): it is over the site's upload limit.`
          : `${host} refused the request as too large (413).`,
      );
    case 429: {
      const wait = retryAfterSeconds(res.headers["retry-after"]);
      return new WordPressError("rate-limited", `${host} is limiting requests (429). ${retryText(wait)}`, wait, code);
    }
    default:
      if (res.status >= 500)
        return make("unavailable", `${host} had a server error (${res.status}) while trying to ${action}.`);
      if (code === "rest_invalid_param" && err?.data?.params) {
        const details = Object.values(err.data.params).map((p) => plainText(p, 150));
        return make("rejected", `WordPress refused to ${action}: ${details.join("; ")}`);
      }
      return make("rejected", `WordPress refused to ${action} (${code ?? res.status})${quoted}`);
  }
}

function hostOf(creds: WordPressCredentials): string {
  return new URL(creds.siteUrl).host;
}

function asStatus(remoteStatus: string | undefined, asked: PublishStatus): PublishStatus {
  return remoteStatus === "publish" || remoteStatus === "future" || remoteStatus === "draft" ? remoteStatus : asked;
}

/** WordPress's date_gmt: "YYYY-MM-DDTHH:MM:SS" in UTC, no zone. */
export function toWordPressGmt(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19);
}

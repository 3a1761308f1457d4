// What the WordPress and Shopify clients share: the post they send, what they answer, and the one
// error type they throw — in plain words, mapped to an AppError by where it happened.

import { countOf } from "../../shared/plural";
import type { PublishStatus } from "../../shared/publishing";
import { AppError } from "../errors";
import { SafeHttpError } from "./safe-http";

export interface RemotePost {
  title: string;
  slug: string;
  /** Plain text: the meta description, used as the excerpt / summary. */
  excerpt: string;
  /** WordPress block markup, or a Shopify article body (no JSON-LD). */
  html: string;
  tags: string[];
  categories: string[];
  status: PublishStatus;
  /** ISO date-time, with status "future". */
  publishAt?: string;
  featuredImageUrl?: string;
  seoTitle: string;
  seoDescription: string;
  /** Shopify articles need an author name. */
  authorName: string;
}

/** The post published earlier on this site, to update rather than duplicate. */
export interface ExistingRemotePost {
  remoteId: string;
  featuredImageUrl?: string | null;
  /** WordPress media id of that featured image. */
  mediaId?: string | null;
}

export interface RemotePublishResult {
  remoteId: string;
  /** The public link once live; the edit link otherwise. */
  url: string;
  editUrl: string;
  status: PublishStatus;
  mediaId?: string;
  /** false when an existing post was updated. */
  created: boolean;
  notes: string[];
}

export type RemoteErrorKind =
  /** The address itself: private, not https, not found in DNS, not a web address. */
  | "address"
  /** The site refused the credentials. */
  | "auth"
  /** The credentials work but may not do this (role, scope). */
  | "forbidden"
  /** No REST API / no store / no such post. */
  | "not-found"
  /** The site refused what we sent (validation, userErrors). */
  | "rejected"
  | "too-large"
  | "rate-limited"
  /** No usable answer: timeouts, 5xx, connection failures, oversized or non-JSON answers. */
  | "unavailable";

export class RemoteError extends Error {
  constructor(
    readonly kind: RemoteErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
    /** The site's own error code (WordPress "rest_post_invalid_id", Shopify "TAKEN"). */
    readonly remoteCode?: string,
  ) {
    super(message);
    this.name = "RemoteError";
  }
}

/** A SafeHttp failure as a RemoteError. */
export function fromSafeHttp(err: SafeHttpError): RemoteError {
  switch (err.failure) {
    case "bad-url":
    case "insecure-scheme":
    case "private-address":
    case "unresolvable":
      return new RemoteError("address", err.message);
    default:
      return new RemoteError("unavailable", err.message);
  }
}

/** Runs a remote exchange, turning SafeHttp failures into RemoteErrors. */
export async function remote<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof SafeHttpError) throw fromSafeHttp(err);
    throw err;
  }
}

/**
 * Where the error happened decides its status: while connecting, a refused password is the user's
 * input (400); while publishing, it is the saved connection that no longer works (502 — never 401,
 * which the client reads as "your session ended").
 */
export function toAppError(err: RemoteError, during: "connect" | "publish"): AppError {
  switch (err.kind) {
    case "address":
      return new AppError("VALIDATION", err.message);
    case "auth":
    case "forbidden":
    case "not-found":
      return during === "connect"
        ? new AppError("VALIDATION", err.message)
        : new AppError("CONNECTION_REFUSED", `${err.message} Check the connection in Settings → Connections.`);
    case "rejected":
      return new AppError("VALIDATION", err.message);
    case "too-large":
      return new AppError("PAYLOAD_TOO_LARGE", err.message);
    case "rate-limited":
      return new AppError("RATE_LIMITED", err.message, { retryAfter: err.retryAfterSeconds });
    default:
      return new AppError("PROVIDER_ERROR", err.message);
  }
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), when there is one. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export function retryText(seconds: number | undefined): string {
  if (seconds === undefined) return "Try again in a minute.";
  if (seconds <= 1) return "Try again in a moment.";
  if (seconds < 120) return `Try again in ${countOf(seconds, "second")}.`;
  return `Try again in ${countOf(Math.ceil(seconds / 60), "minute")}.`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** A site's message as plain text: tags dropped, entities decoded, whitespace squeezed, length capped. */
export function plainText(html: string, max = 300): string {
  const text = html
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/^\s*error:\s*/i, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

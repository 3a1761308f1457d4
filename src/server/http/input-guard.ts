// One check at the edge of every /api route (Better Auth's included), before any handler parses a
// body: NUL characters — which PostgreSQL refuses in text, so they used to surface as 500s from
// deep inside a query — JSON nested deeper than any request of ours needs (a 10,000-deep body
// overflowed the stack of the validators behind sign-in), unpaired UTF-16 surrogates (JSON "\udfff",
// which jsonb refuses: a paid draft streamed, then failed to save), and JSON bodies that are not an object.
// Each answers 400 with what to fix.
import type { Context } from "hono";
import { AppError } from "../errors";
import type { Check } from "./middleware";
import type { AppEnv } from "./types";

/** Deepest JSON nesting a request body may have; ours nest two or three levels. */
export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = "Request refused: it contains a NUL character (\\u0000), which no field accepts.";
export const SURROGATE_MESSAGE =
  "Request refused: it contains an unpaired UTF-16 surrogate (\\uD800–\\uDFFF without its pair), which is not text and no field accepts.";
export const DEPTH_MESSAGE = `Request refused: its JSON is nested more than ${MAX_JSON_DEPTH} levels deep.`;

const HAZARD_MESSAGES: Record<JsonHazard, string> = {
  nul: NUL_MESSAGE,
  surrogate: SURROGATE_MESSAGE,
  depth: DEPTH_MESSAGE,
};

export const OBJECT_MESSAGE = "Request body must be a JSON object.";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The code unit a `\uXXXX` escape at `i` (the backslash) stands for, or -1 when there is none. */
function escapedUnit(text: string, i: number): number {
  if (text[i] !== "\\" || text[i + 1] !== "u") return -1;
  const hex = text.slice(i + 2, i + 6);
  return /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) : -1;
}

export type JsonHazard = "nul" | "surrogate" | "depth";

/**
 * Where the JSON text breaks a rule: "nul" for a NUL character (raw, or escaped as \u0000 inside a
 * string), "surrogate" for half a UTF-16 surrogate pair (escaped as \uDFFF, or raw), which no
 * database text column accepts (PostgreSQL's jsonb refused it only when a finished draft was saved),
 * "depth" past `maxDepth`, else null. One linear pass; no parse, so no recursion.
 */
export function jsonHazard(text: string, maxDepth = MAX_JSON_DEPTH): JsonHazard | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0) return "nul";
    if (isLow(ch)) return "surrogate"; // a low half whose high half (just before) was not
    if (isHigh(ch)) {
      if (!isLow(text.charCodeAt(i + 1))) return "surrogate";
      i++; // the pair's low half
      continue;
    }
    if (inString) {
      if (ch === 0x5c /* \ */) {
        const unit = escapedUnit(text, i);
        if (unit === 0) return "nul";
        if (isLow(unit)) return "surrogate";
        if (isHigh(unit)) {
          if (!isLow(escapedUnit(text, i + 6))) return "surrogate";
          i += 11; // both escapes
          continue;
        }
        i++; // the escaped character
      } else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (++depth > maxDepth) return "depth";
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) depth--;
  }
  return null;
}

/** A NUL in the path or the query string, raw or percent-encoded. */
function urlHasNul(url: string): boolean {
  return url.includes("\0") || /%00/i.test(url);
}

/** Fields that may be null where a text is expected (update-user's image: null removes it). */
const NULLABLE = new Set(["image"]);

/**
 * Better Auth's endpoints read these fields as text; a number or an object in one made its
 * plugins throw (a 500). Ours validate their own bodies with zod.
 */
export const AUTH_TEXT_FIELDS = [
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "name",
  "username",
  "displayUsername",
  "image",
  "callbackURL",
  "token",
  "idToken",
];
export const authTextFields = (path: string) => (path.startsWith("/api/auth/") ? AUTH_TEXT_FIELDS : undefined);

export const rejectHostileInput =
  (opts: {
    exempt: string[];
    /**
     * For a path where this gives a list (Better Auth's, which validate less than ours), the body
     * must be a JSON object and the listed fields, when present, text. Our routes validate their
     * bodies with zod after their session checks, so a malformed body to them still answers 401
     * before 400.
     */
    textFields?: (path: string) => readonly string[] | undefined;
  }): Check =>
  (c) => {
    if (urlHasNul(c.req.url)) throw new AppError("VALIDATION", NUL_MESSAGE);
    if (!METHODS_WITH_BODY.has(c.req.method) || opts.exempt.includes(c.req.path) || !c.req.raw.body) return;
    return guardBody(c, opts.textFields);
  };

async function guardBody(c: Context<AppEnv>, fieldsFor: ((path: string) => readonly string[] | undefined) | undefined) {
  const text = await c.req.text();
  const type = c.req.header("content-type") ?? "";
  if (text.includes("\0") || (/urlencoded/i.test(type) && urlHasNul(text)))
    throw new AppError("VALIDATION", NUL_MESSAGE);
  // Escaped NULs, surrogates and depth are JSON's. Better Auth parses a body without a content type
  // as JSON, and text/plain too (a 10,000-deep text/plain body overflowed its parser's stack).
  const json = (/json/i.test(type) || !type || /^\s*text\/plain/i.test(type)) && text.trim() !== "";
  if (json) {
    const hazard = jsonHazard(text);
    if (hazard) throw new AppError("VALIDATION", HAZARD_MESSAGES[hazard]);
  }
  const textFields = fieldsFor?.(c.req.path);
  if (textFields && json) {
    // Better Auth's endpoints take an object; a bare null or a number made its handlers throw.
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError("MALFORMED_JSON", "Malformed JSON in request body");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      throw new AppError("VALIDATION", OBJECT_MESSAGE);
    const wrongType = textFields.find((field) => {
      const value = (parsed as Record<string, unknown>)[field];
      return value !== undefined && typeof value !== "string" && !(value === null && NULLABLE.has(field));
    });
    if (wrongType) throw new AppError("VALIDATION", `${wrongType} must be text`);
  }

  // The body stream is read: hand the handlers (Better Auth reads c.req.raw itself) the same text.
  c.req.raw = new Request(c.req.raw, { body: text });
}

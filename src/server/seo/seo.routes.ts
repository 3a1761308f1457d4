// HTTP for SEO (spec §7): POST /api/seo-produce-code, /api/seo-revise-text, /api/seo-optimize.
// Validation (SeoRequest: 'Content is required', the platform, image URLs) answers 400 before any
// credit is held; a cancelled model call answers 499 to nobody (onError).

import { Hono } from "hono";
import {
  type SeoOptimizeResponse,
  SeoOptimizeResponseSchema,
  type SeoProduceResponse,
  SeoProduceResponseSchema,
  SeoRequest,
  type SeoReviseResponse,
  SeoReviseResponseSchema,
} from "../../shared/seo";
import { requireCaller } from "../http/middleware";
import { doc, MODEL_ERRORS } from "../http/openapi";
import type { AppEnv, Gate } from "../http/types";
import { validate } from "../http/validate";
import type { SeoService } from "./seo.service";

/** The named document, a repeated request, "Saved nothing", an image URL, work past the CPU time limit. */
const SEO_ERRORS = ["NOT_FOUND", "CONFLICT", "NOT_SAVED", "INVALID_IMAGE_URL", "TOO_COMPLEX"] as const;

export function seoRoutes({ seo, paid }: { seo: SeoService; paid: Gate }) {
  const r = new Hono<AppEnv>();

  r.post(
    "/seo-produce-code",
    doc({
      summary: "SEO HTML from the text as it is (2 credits)",
      tag: "SEO",
      caller: "seo",
      response: SeoProduceResponseSchema,
      paid: true,
      errors: SEO_ERRORS,
    }),
    requireCaller("seo"),
    paid,
    validate("json", SeoRequest),
    async (c) => c.json<SeoProduceResponse>(await seo.produceCode(c.get("user").id, c.req.valid("json"))),
  );

  r.post(
    "/seo-revise-text",
    doc({
      summary: "Revise the text for SEO with a model",
      tag: "SEO",
      caller: "seo",
      response: SeoReviseResponseSchema,
      paid: true,
      errors: [...SEO_ERRORS, ...MODEL_ERRORS],
    }),
    requireCaller("seo"),
    paid,
    validate("json", SeoRequest),
    async (c) =>
      c.json<SeoReviseResponse>(await seo.reviseText(c.get("user").id, c.req.valid("json"), c.req.raw.signal)),
  );

  r.post(
    "/seo-optimize",
    doc({
      summary: "Revise for SEO, then SEO HTML",
      tag: "SEO",
      caller: "seo",
      response: SeoOptimizeResponseSchema,
      paid: true,
      errors: [...SEO_ERRORS, ...MODEL_ERRORS],
    }),
    requireCaller("seo"),
    paid,
    validate("json", SeoRequest),
    async (c) =>
      c.json<SeoOptimizeResponse>(await seo.optimize(c.get("user").id, c.req.valid("json"), c.req.raw.signal)),
  );

  return r;
}

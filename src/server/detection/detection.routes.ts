// HTTP for AI detection (spec §7): POST /api/detect-ai {text, requestId?} → {aiDetection}.

import { Hono } from "hono";
import { DetectRequestSchema, type DetectResponse, DetectResponseSchema } from "../../shared/detection";
import { requireCaller } from "../http/middleware";
import { doc } from "../http/openapi";
import type { AppEnv, Gate } from "../http/types";
import { validate } from "../http/validate";
import type { DetectionService } from "./detection.service";

export function detectionRoutes({ detection, paid }: { detection: DetectionService; paid: Gate }) {
  const r = new Hono<AppEnv>();

  r.post(
    "/detect-ai",
    doc({
      summary: "Detect AI-written sentences (1 credit)",
      tag: "Detection",
      caller: "detect",
      response: DetectResponseSchema,
      paid: true,
      // The named request or version; a repeated request; "Saved nothing"; a text past the CPU time limit.
      errors: ["NOT_FOUND", "CONFLICT", "NOT_SAVED", "TOO_COMPLEX"],
    }),
    requireCaller("detect"),
    paid,
    validate("json", DetectRequestSchema),
    async (c) => {
      const { text, requestId, documentId, versionId } = c.req.valid("json");
      const outcome = await detection.detect(
        c.get("user").id,
        { text, requestId, documentId, versionId },
        c.req.raw.signal,
      );
      return c.json<DetectResponse>(outcome);
    },
  );

  return r;
}

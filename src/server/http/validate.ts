// zod validation for Hono routes whose failures read like the spec: the first issue's message, 400.
// hono-openapi's validator (a standard-schema validator) records each schema for the OpenAPI
// document (http/openapi.ts), so a route's request is declared once, where it is validated.
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { z } from "zod";
import { AppError } from "../errors";

type Issue = StandardSchemaV1.Issue & { code?: string };

export function firstIssueMessage(error: { issues: readonly Issue[] } | readonly Issue[]): string {
  const issues = "issues" in error ? error.issues : error;
  const issue = issues[0];
  if (!issue) return "Invalid request";
  const path = (issue.path ?? []).map((p) => (typeof p === "object" ? String(p.key) : String(p)));
  // zod's own wording for a missing field names no field; say which.
  if (issue.code === "invalid_type" && path.length && /received undefined/.test(issue.message))
    return `${path.join(".")} is required`;
  return issue.message;
}

export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  validator(target, schema, (result) => {
    if (!result.success) throw new AppError("VALIDATION", firstIssueMessage(result.error as readonly Issue[]));
  });

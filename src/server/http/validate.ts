// zod validation for Hono routes whose failures read like the spec: the first issue's message, 400.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError } from "../errors";

export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  // zod's own wording for a missing field names no field; say which.
  if (issue.code === "invalid_type" && issue.path.length && /received undefined/.test(issue.message))
    return `${issue.path.join(".")} is required`;
  return issue.message;
}

export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw new AppError("VALIDATION", firstIssueMessage(result.error as unknown as z.ZodError));
  });

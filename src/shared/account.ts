// The Settings page's requests and answers (/api/account, and Better Auth's profile endpoints).
import { z } from "zod";
import { timestamp } from "./api-schemas";
import { AUTH_MESSAGES, PASSWORD_POLICY, type PasswordPolicy, passwordMessage } from "./auth";

export const AccountDeleteRequest = z.object({
  confirmEmail: z
    .string({ message: "Type your e-mail address to confirm" })
    .trim()
    .min(1, "Type your e-mail address to confirm")
    .max(320),
  /** The account's password, asked again (accounts that sign in only with Google: omitted). */
  password: z.string({ message: "Enter your password" }).max(1024).optional(),
});
export type AccountDeleteRequest = z.infer<typeof AccountDeleteRequest>;

/** GET /api/account */
export const AccountStatusSchema = z.object({
  email: z.string(),
  username: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  signInMethods: z.array(z.string()),
  /** accountId: the linked Google account (null when none), for unlink-account. */
  google: z.object({ configured: z.boolean(), accountId: z.string().nullable() }),
  requireEmailVerification: z.boolean(),
});
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

const AccountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string(),
  os: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: timestamp,
  lastActiveAt: timestamp,
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

/** GET /api/account/sessions */
export const AccountSessionsResponseSchema = z.object({ sessions: z.array(AccountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof AccountSessionsResponseSchema>;

/** POST /api/account/sessions/revoke-all: every session ended, this one too. */
export const SessionsRevokedSchema = z.object({ success: z.literal(true), revoked: z.number().int().nonnegative() });

// The texts live in a module without zod, so the layout's banner does not bring zod to the landing page.
export { ACCOUNT_TEXT } from "./account-text";

/** New-password form (reset and change): the served policy, and a matching confirmation. */
export function newPasswordSchema(policy: PasswordPolicy = PASSWORD_POLICY) {
  return z
    .object({
      newPassword: z
        .string()
        .min(policy.minLength, { message: passwordMessage(policy) })
        .max(policy.maxLength),
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: AUTH_MESSAGES.passwordsDontMatch,
      path: ["confirmPassword"],
    });
}

/** Settings' password change: the current password, and a new one as newPasswordSchema takes it. */
export function changePasswordSchema(policy: PasswordPolicy = PASSWORD_POLICY) {
  return z.intersection(
    z.object({ currentPassword: z.string().min(1, "Enter your current password") }),
    newPasswordSchema(policy),
  );
}

export const UsernameSchema = z
  .string()
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[a-zA-Z0-9_.]+$/, "Use letters, digits, underscores and dots only");

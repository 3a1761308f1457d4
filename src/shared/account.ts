// The Settings page's requests and answers (/api/account, and Better Auth's profile endpoints).
import { z } from "zod";
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

export interface AccountStatus {
  email: string;
  username: string;
  emailVerified: boolean;
  hasPassword: boolean;
  signInMethods: string[];
  /** accountId: the linked Google account (null when none), for unlink-account. */
  google: { configured: boolean; accountId: string | null };
  requireEmailVerification: boolean;
}

export interface AccountSession {
  id: string;
  current: boolean;
  browser: string;
  os: string;
  device: string;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
}

/** GET /api/account/sessions */
export interface AccountSessionsResponse {
  sessions: AccountSession[];
}

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

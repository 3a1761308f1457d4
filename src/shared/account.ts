// The Settings page's requests and answers (/api/account, and Better Auth's profile endpoints).
import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_POLICY, type PasswordPolicy, passwordMessage } from "./auth";

export const AccountDeleteRequest = z.object({
  confirmEmail: z
    .string({ message: "Type your e-mail address to confirm" })
    .trim()
    .min(1, "Type your e-mail address to confirm")
    .max(320),
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

export const ACCOUNT_TEXT = {
  resetRequested:
    "If an account exists for that address, we have sent it a link to choose a new password. The link works once, for 1 hour.",
  resetDone: "Your password has been changed and every other session signed out. Sign in with the new password.",
  passwordChanged: "Password changed. Every other session has been signed out.",
  verifyBanner: "Please verify your e-mail address: follow the link we sent to",
  verificationSent: "Verification e-mail sent. Check your inbox.",
  emailChangeSent: "We sent a link to the new address. Your address changes once you follow it.",
  emailVerified: "Your e-mail address is verified.",
  emailChanged: "Your e-mail address has been changed.",
  verificationFailed: "That verification link has expired or is not valid. Ask for a new one.",
  deleteConfirmHelp: "This deletes your account, history and sessions for good. Type your e-mail address to confirm.",
} as const;

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

export const UsernameSchema = z
  .string()
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[a-zA-Z0-9_.]+$/, "Use letters, digits, underscores and dots only");

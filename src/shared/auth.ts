// Sign-in and sign-up forms' schemas and the session's answers; their fixed rules and texts are in
// auth-text.ts (no zod), re-exported here.
import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_POLICY, type PasswordPolicy, passwordMessage } from "./auth-text";

export { AUTH_MESSAGES, PASSWORD_POLICY, type PasswordPolicy, passwordMessage } from "./auth-text";

export function signInSchema(policy: PasswordPolicy = PASSWORD_POLICY) {
  return z.object({
    email: z.string().trim().email({ message: AUTH_MESSAGES.invalidEmail }),
    password: z
      .string()
      .min(policy.minLength, { message: passwordMessage(policy) })
      .max(policy.maxLength),
  });
}

export function signUpSchema(policy: PasswordPolicy = PASSWORD_POLICY) {
  return signInSchema(policy)
    .extend({ confirmPassword: z.string() })
    .refine((v) => v.password === v.confirmPassword, {
      message: AUTH_MESSAGES.passwordsDontMatch,
      path: ["confirmPassword"],
    });
}

/** GET /api/auth/password-policy */
export const PasswordPolicySchema = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
}) satisfies z.ZodType<PasswordPolicy>;

/** GET /api/auth/providers: the ways in this server offers, and the client's public auth settings. */
export const AuthProvidersResponseSchema = z.object({
  emailPassword: z.boolean(),
  /** "E-mail me a sign-in link" (always on: without SMTP the link is in the server's outbox). */
  emailLink: z.boolean(),
  google: z.boolean(),
  /** TOKEN_SYNC_URL: where the client syncs its identity token (token-sync.ts), or null. */
  tokenSyncUrl: z.string().nullable(),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  image: z.string().nullish(),
  /** False until the user follows the link in the verification e-mail (or Google vouches for it). */
  emailVerified: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** POST /api/auth/verify: the signed-in user's profile. */
export const VerifyResponseSchema = z.object({ success: z.literal(true), user: SessionUserSchema });
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

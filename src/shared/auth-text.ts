// Sign-in and sign-up forms' fixed rules and texts (spec §5, §8), without zod: Settings draws from
// these before the forms' schemas (shared/auth.ts, which re-exports them) are needed. Minimum 8
// characters, not the spec's 6: see docs/decisions.md.

export const PASSWORD_POLICY = {
  minLength: 8,
  maxLength: 128,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};
export type PasswordPolicy = typeof PASSWORD_POLICY;

export const AUTH_MESSAGES = {
  invalidEmail: "Invalid email address",
  passwordsDontMatch: "Passwords don't match",
  signInFailed: "Failed to sign in",
  incorrectCredentials: "Incorrect email or password",
  signUpFailed: "Failed to create account",
  emailInUse: "An account already exists with this email address",
  weakPassword: "Password is too weak. Please use a stronger password",
  googleFailed: "Failed to sign in with Google",
  googleNotConfigured: "Google sign-in is not configured on this server",
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
} as const;

export const passwordMessage = (policy: PasswordPolicy) => `Password must be at least ${policy.minLength} characters`;

// What the sign-in dialog says when the server refuses a sign-in or a sign-up (spec §8).
import { AUTH_MESSAGES } from "../../../shared/auth-text";
import { ApiError } from "../../lib/api";

/** Identity-client codes (spec §8) to the words the dialog shows. */
export function authErrorText(err: unknown, mode: "signin" | "signup"): string {
  const fallback = mode === "signin" ? AUTH_MESSAGES.signInFailed : AUTH_MESSAGES.signUpFailed;
  if (!(err instanceof ApiError)) return fallback;
  try {
    const body = JSON.parse(err.body) as { error?: string; code?: string };
    switch (body.code) {
      case "invalid-credential":
        return AUTH_MESSAGES.incorrectCredentials;
      case "email-already-in-use":
        return AUTH_MESSAGES.emailInUse;
      case "password-does-not-meet-requirements":
        return AUTH_MESSAGES.weakPassword;
      case "invalid-email":
        return AUTH_MESSAGES.invalidEmail;
      default:
        return body.error || fallback;
    }
  } catch {
    return fallback;
  }
}

// The account forms' rules, as the sign-in dialog, the reset page and Settings apply them (their
// resolvers take these schemas), and the words the dialog shows for a refused sign-in.
import { describe, expect, it } from "vitest";
import { changePasswordSchema, newPasswordSchema, UsernameSchema } from "../../../shared/account";
import { AUTH_MESSAGES, PASSWORD_POLICY, signInSchema, signUpSchema } from "../../../shared/auth";
import { ApiError } from "../../lib/api";
import { authErrorText } from "./auth-errors";

/** Each failing field's first message, as the forms show them under the fields. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe("sign-in and sign-up", () => {
  it("asks for an e-mail address and a password of the served length", () => {
    expect(messages(signInSchema().safeParse({ email: "ada", password: "short" }))).toEqual({
      email: AUTH_MESSAGES.invalidEmail,
      password: "Password must be at least 8 characters",
    });
    expect(signInSchema().safeParse({ email: "  ada@example.com ", password: "12345678" })).toMatchObject({
      success: true,
      data: { email: "ada@example.com" },
    });
    // The server's policy decides the length (GET /api/auth/password-policy).
    const policy = { ...PASSWORD_POLICY, minLength: 12 };
    expect(messages(signInSchema(policy).safeParse({ email: "ada@example.com", password: "12345678" }))).toEqual({
      password: "Password must be at least 12 characters",
    });
  });

  it("makes sign-up confirm the password", () => {
    const base = { email: "ada@example.com", password: "long-enough" };
    expect(messages(signUpSchema().safeParse({ ...base, confirmPassword: "long-enougH" }))).toEqual({
      confirmPassword: AUTH_MESSAGES.passwordsDontMatch,
    });
    expect(signUpSchema().safeParse({ ...base, confirmPassword: "long-enough" }).success).toBe(true);
  });
});

describe("new passwords (reset, and Settings' change)", () => {
  it("checks the length and the confirmation", () => {
    expect(messages(newPasswordSchema().safeParse({ newPassword: "short", confirmPassword: "short" }))).toEqual({
      newPassword: "Password must be at least 8 characters",
    });
    expect(messages(newPasswordSchema().safeParse({ newPassword: "long-enough", confirmPassword: "other" }))).toEqual({
      confirmPassword: AUTH_MESSAGES.passwordsDontMatch,
    });
  });

  it("needs the current password to change it", () => {
    const fresh = { newPassword: "long-enough", confirmPassword: "long-enough" };
    expect(messages(changePasswordSchema().safeParse({ currentPassword: "", ...fresh }))).toEqual({
      currentPassword: "Enter your current password",
    });
    expect(changePasswordSchema().safeParse({ currentPassword: "old-one", ...fresh }).success).toBe(true);
  });
});

describe("usernames", () => {
  it.each([
    ["ab", "Username must be at least 3 characters"],
    ["a".repeat(31), "Username must be at most 30 characters"],
    ["ada lovelace", "Use letters, digits, underscores and dots only"],
  ])("refuses %j: %s", (name, message) => {
    expect(UsernameSchema.safeParse(name).error?.issues[0]?.message).toBe(message);
  });
  it("takes letters, digits, underscores and dots, trimmed", () => {
    expect(UsernameSchema.parse("  ada.l_1815 ")).toBe("ada.l_1815");
  });
});

describe("a refused sign-in in the dialog's words", () => {
  const refused = (status: number, body: unknown) =>
    new ApiError(status, typeof body === "string" ? body : JSON.stringify(body));
  it.each([
    ["invalid-credential", AUTH_MESSAGES.incorrectCredentials],
    ["email-already-in-use", AUTH_MESSAGES.emailInUse],
    ["password-does-not-meet-requirements", AUTH_MESSAGES.weakPassword],
    ["invalid-email", AUTH_MESSAGES.invalidEmail],
  ])("says what %s means", (code, text) => {
    expect(authErrorText(refused(400, { error: "server words", code }), "signin")).toBe(text);
  });
  it("passes on the server's own words for anything else, and falls back per form", () => {
    expect(authErrorText(refused(429, { error: AUTH_MESSAGES.tooManyRequests }), "signin")).toBe(
      AUTH_MESSAGES.tooManyRequests,
    );
    expect(authErrorText(refused(502, "<html>bad gateway</html>"), "signin")).toBe(AUTH_MESSAGES.signInFailed);
    expect(authErrorText(new TypeError("Failed to fetch"), "signup")).toBe(AUTH_MESSAGES.signUpFailed);
  });
});

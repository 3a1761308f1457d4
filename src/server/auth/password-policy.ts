import { PASSWORD_POLICY } from "../../shared/auth";

// Served at GET /api/auth/password-policy; the sign-up form draws its messages from it.
export const passwordPolicy = PASSWORD_POLICY;

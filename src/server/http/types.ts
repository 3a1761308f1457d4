import type { MiddlewareHandler } from "hono";
import type { SessionUser } from "../../shared/auth";
import type { Logger } from "../logger";

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The app's logger (not a per-request child: a line about the request names `requestId`). */
    log: Logger;
    /** Set by the session middleware on /api/*: the signed-in user, or null. */
    user: SessionUser | null;
    /** Set on /api/* when the request carries an API key (`Authorization: Bearer dsk_…`), else null.
     *  `user` stays null for it until a route that allows one of its scopes (requireCaller). */
    apiKey: KeyCaller | null;
  };
}

/** A key-authenticated caller: the key, what it may do, and its owner. */
export interface KeyCaller {
  id: string;
  scopes: readonly string[];
  user: SessionUser;
}

/** What routes behind requireUser see: the same variables, with a user that is always there. */
export interface SignedInEnv {
  Variables: AppEnv["Variables"] & { user: SessionUser };
}

/** A route's gate that runs after requireCaller (e.g. `paid`: live session, verified address). */
export type Gate = MiddlewareHandler<SignedInEnv>;

import type { SessionUser } from "../../shared/auth";
import type { Logger } from "../logger";

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The app's logger (not a per-request child: a line about the request names `requestId`). */
    log: Logger;
    /** Set by the session middleware on /api/*: the signed-in user, or null. */
    user: SessionUser | null;
  };
}

/** What routes behind requireUser see: the same variables, with a user that is always there. */
export interface SignedInEnv {
  Variables: AppEnv["Variables"] & { user: SessionUser };
}

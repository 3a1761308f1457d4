// The mark on a page asked for with a session cookie (server/app.ts writes it into index.html; the
// client's early-get.ts reads it to start the signed-in reads beside the session check).
export const SESSION_HINT_NAME = "draftsmith-session";

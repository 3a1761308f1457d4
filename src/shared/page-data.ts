// Public answers a page is sent with (server/app.ts), so its first drawing needs no request: the
// client seeds its queries with them before the app renders (client/lib/page-data.ts), and the page
// shell drawn at build time for that state is the one sent (client/prerender.tsx). Only answers that
// are the same for every visitor go in a page: nothing of a user's own.
import { DEFAULT_PROVIDER } from "./limits";
import type { WritersResponse } from "./writing";

/** The id of the <script type="application/json"> holding the answers, by the URL a query GETs. */
export const PAGE_DATA_ID = "page-data";

/** Who answers each provider (public): the full app's first drawing needs it. */
export const WRITERS_URL = "/api/writers";

/** The full app's first drawing depends on who answers the provider its form opens on (its notice). */
export const WRITER_STATES = ["model", "offline", "none"] as const;
export type WriterState = (typeof WRITER_STATES)[number];

export function writerStateOf(writers: WritersResponse): WriterState {
  const who = writers[DEFAULT_PROVIDER];
  if (who === null || who === undefined) return "none";
  return who.writer === "offline" ? "offline" : "model";
}

/** The writers answer that puts the form's provider in `state` (the build draws one shell for each). */
export function writersIn(state: WriterState): WritersResponse {
  const who = state === "none" ? null : { writer: state === "offline" ? "offline" : DEFAULT_PROVIDER, model: "" };
  return { [DEFAULT_PROVIDER]: who } as WritersResponse;
}

/** The key of a page shell drawn in one state of its data (page-shells.json): `route#state`. */
export const shellKey = (route: string, state?: string) => (state ? `${route}#${state}` : route);

/**
 * The date a form's shell shows (the full app's "current date" field) is the day it is sent, not the
 * day it was built: the build draws this mark and the server writes the day in its place.
 */
export const TODAY_MARK = "0000-01-01";

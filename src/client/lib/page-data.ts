// The public answers the server sent with the page (shared/page-data.ts): read once, before the app
// renders, so the page's first drawing has them (boot.tsx seeds the queries) and main.tsx does not ask
// for them again.
import type { QueryClient } from "@tanstack/react-query";
import { PAGE_DATA_ID } from "../../shared/page-data";

let answers: Record<string, unknown> | undefined;

/** The answers in `doc`, by the URL a query GETs (none when the page carries none or they don't parse). */
export function pageData(doc: Document = document): Record<string, unknown> {
  if (answers) return answers;
  try {
    const parsed: unknown = JSON.parse(doc.getElementById(PAGE_DATA_ID)?.textContent ?? "{}");
    answers =
      parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
  } catch {
    answers = {};
  }
  return answers;
}

/** Each answer the page carries as the data of the query on its URL (lib/query.ts: a GET of the key). */
export function seedPageData(client: QueryClient, doc: Document = document) {
  for (const [url, answer] of Object.entries(pageData(doc))) client.setQueryData([url], answer);
}

// The publish dialog's form → the request body of POST /api/documents/:id/publish. Pure, tested.
import type { ReactNode } from "react";
import type { PublishPlatform, PublishRequestInput, PublishResponse, PublishStatus } from "../../../shared/publishing";
import { MAX_TERMS } from "../../../shared/publishing-rules";

export interface PublishFormValues {
  connectionId: string;
  status: PublishStatus;
  /** <input type="datetime-local"> value, in the browser's time zone. */
  publishAt: string;
  /** Comma-separated. */
  categories: string;
  tags: string;
  featuredImageUrl: string;
}

export const publishFormDefaults = (connectionId = ""): PublishFormValues => ({
  connectionId,
  status: "draft",
  publishAt: "",
  categories: "",
  tags: "",
  featuredImageUrl: "",
});

/** "Baking, sourdough ,, Baking" → ["Baking", "sourdough"] (trimmed, no empties, no repeats). */
export function splitTerms(input: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of input.split(",")) {
    const term = raw.trim();
    if (term && !seen.has(term.toLowerCase())) {
      seen.add(term.toLowerCase());
      out.push(term);
    }
  }
  return out.slice(0, MAX_TERMS);
}

/** A datetime-local value ("2030-01-31T09:00", local time) as an ISO instant; undefined when blank or invalid. */
export function localDateTimeToIso(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

export function publishRequestBody(v: PublishFormValues, versionId?: string): PublishRequestInput {
  const body: PublishRequestInput = { connectionId: v.connectionId, status: v.status };
  if (versionId) body.versionId = versionId;
  if (v.status === "future") {
    const at = localDateTimeToIso(v.publishAt);
    if (at) body.publishAt = at;
  }
  const categories = splitTerms(v.categories);
  const tags = splitTerms(v.tags);
  if (categories.length) body.categories = categories;
  if (tags.length) body.tags = tags;
  if (v.featuredImageUrl.trim()) body.featuredImageUrl = v.featuredImageUrl.trim();
  return body;
}

/** The success toast's title for what the site did. */
export function publishedTitle(r: PublishResponse): string {
  const what =
    r.publication.status === "publish"
      ? "Published"
      : r.publication.status === "future"
        ? "Scheduled"
        : "Saved as a draft";
  return r.updated ? `${what} (the existing post was updated)` : what;
}

export interface PublishDialogProps {
  documentId: string;
  /** The version to publish; the document's latest when absent. */
  versionId?: string;
  /** HTML made for one platform (an SEO version): only that platform's connections are offered. */
  platform?: PublishPlatform;
  /** The button that opens the dialog (a "Publish" button when absent). */
  trigger?: ReactNode;
  onPublished?: (result: PublishResponse) => void;
}

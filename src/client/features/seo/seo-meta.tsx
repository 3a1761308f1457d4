// The SEO head block beside the HTML: meta title and description with their lengths, the slug, the
// focus keyphrase, the JSON-LD (collapsible, copyable) and the platform's publishing notes (for
// Shopify: the SEO title and description belong in the article's SEO fields).
import { ClipboardCopy } from "lucide-react";
import { useId } from "react";
import type { SeoMeta, SeoPlatform } from "../../../shared/seo";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { copyToClipboard } from "../detection/clipboard";
import {
  CHECK_STATUS,
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_MIN,
  META_TITLE_MAX,
  metaDescriptionStatus,
  metaTitleStatus,
  prettyJsonLd,
} from "./seo-helpers";

export interface SeoMetaViewProps {
  meta: SeoMeta;
  platform: SeoPlatform;
  notes?: string[];
  className?: string;
}

function Length({ status, text }: { status: keyof typeof CHECK_STATUS; text: string }) {
  const s = CHECK_STATUS[status];
  return (
    <span className={cn("ml-2 inline-flex items-center gap-1 text-xs font-medium", s.text)}>
      <span className={cn("size-2 rounded-full", s.dot)} aria-hidden="true" />
      {text}
    </span>
  );
}

export function SeoMetaView({ meta, platform, notes = [], className }: SeoMetaViewProps) {
  const headingId = useId();
  const titleStatus = metaTitleStatus(meta.metaTitle);
  const descStatus = metaDescriptionStatus(meta.metaDescription);
  return (
    <section aria-labelledby={headingId} className={cn("space-y-3", className)} data-testid="seo-meta">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        SEO head
      </h3>
      {platform === "shopify" && (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-xs text-brand-900">
          Shopify: put the SEO title and description in the article's SEO fields (Search engine listing), not in the
          body.
        </p>
      )}
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-800">
            Meta title
            <Length status={titleStatus} text={`${meta.metaTitle.length}/${META_TITLE_MAX} characters`} />
          </dt>
          <dd className="break-words text-slate-900">{meta.metaTitle || "—"}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">
            Meta description
            <Length
              status={descStatus}
              text={`${meta.metaDescription.length} characters (${META_DESCRIPTION_MIN}–${META_DESCRIPTION_MAX})`}
            />
          </dt>
          <dd className="break-words text-slate-900">{meta.metaDescription || "—"}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">URL slug</dt>
          <dd className="break-all font-mono text-xs text-slate-900">{meta.slug}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">Focus keyphrase</dt>
          <dd className="text-slate-900">{meta.keyphrase || "—"}</dd>
        </div>
      </dl>
      <details className="rounded-lg border border-slate-200 bg-slate-50">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
          JSON-LD ({meta.jsonLd.map((o) => String(o["@type"] ?? "object")).join(", ")})
        </summary>
        <div className="space-y-2 px-3 pb-3">
          <pre
            className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-white p-2 font-mono text-xs text-slate-800"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
          >
            {prettyJsonLd(meta.jsonLd)}
          </pre>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void copyToClipboard(meta.jsonLdScript, { success: "JSON-LD script copied to the clipboard" })
            }
          >
            <ClipboardCopy aria-hidden="true" /> Copy JSON-LD script
          </Button>
        </div>
      </details>
      {notes.length > 0 && (
        <div className="text-xs text-slate-700">
          <p className="font-medium text-slate-800">Publishing notes</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

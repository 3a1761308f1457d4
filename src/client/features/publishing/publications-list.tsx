// Where a document is published: one line per site with the post's link and its status — for the
// document page, beside the PublishDialog (which refreshes it after each publish).
import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import type { ConnectionsResponse, PublicationsResponse, PublishStatus } from "../../../shared/publishing";
import { PLATFORM_LABEL } from "../../../shared/publishing-rules";
import { Badge } from "../../components/ui/badge";
import { CONNECTIONS_KEY, publicationsKey } from "./api";

const STATUS_WORDS: Record<PublishStatus, string> = { draft: "Draft", publish: "Published", future: "Scheduled" };

export function PublicationsList({
  documentId,
  versionName,
}: {
  documentId: string;
  /** How the page names a version ("Version 2 · Revision"): which one each site has. */
  versionName?: (versionId: string) => string | undefined;
}) {
  const publications = useQuery<PublicationsResponse>({ queryKey: publicationsKey(documentId) });
  const connections = useQuery<ConnectionsResponse>({ queryKey: CONNECTIONS_KEY });
  const list = publications.data?.publications ?? [];
  if (list.length === 0) return null;
  const nameOf = (id: string | null) => connections.data?.connections.find((c) => c.id === id)?.name;
  return (
    <section aria-label="Published on" className="space-y-1 text-sm">
      <h3 className="font-medium text-slate-800">Published on</h3>
      <ul className="space-y-1">
        {list.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-2">
            <span className="text-slate-700">{nameOf(p.connectionId) ?? PLATFORM_LABEL[p.platform]}</span>
            <Badge variant={p.status === "publish" ? "success" : "secondary"}>{STATUS_WORDS[p.status]}</Badge>
            {versionName?.(p.versionId) && <span className="text-xs text-slate-600">{versionName(p.versionId)}</span>}
            <a
              className="inline-flex items-center gap-1 break-all text-brand-700 underline"
              href={p.url}
              target="_blank"
              rel="noreferrer"
            >
              {p.url} <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

// One document (/documents/:id, issue 10): every version in order, each with its AI detection
// verdict and flagged count; a word-level diff between any two versions with the changed sentences
// tinted; copy, download, rename, delete, and "Continue in the full app" (the full app reopens the
// document with its latest version loaded). Publish (issue 13) sends the latest version, or an SEO
// version, to a connected WordPress or Shopify site; "Published on" lists the posts' links.
import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeft,
  ClipboardCopy,
  Download,
  FilePen,
  GitCompare,
  Pencil,
  PenLine,
  ScanSearch,
  Send,
  Trash2,
} from "lucide-react";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { DetectionResult } from "../../../shared/detection";
import { DOCUMENT_NOT_FOUND, EDITABLE_KINDS, VERSION_KIND_LABELS } from "../../../shared/document-kinds";
import type { DocumentDetail, DocumentVersion } from "../../../shared/documents";
import { formatNumber } from "../../../shared/number-text";
import { countOf, creditCount } from "../../../shared/plural";
import { PAGE_ROUTES } from "../../../shared/routes";
import type { Writer } from "../../../shared/writing";
import { PageFallback } from "../../components/page-fallback";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label, NativeSelect } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { errorText } from "../../lib/errors";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { useAuth } from "../auth/auth-context";
import { SignedIn } from "../auth/signed-in";
import { DETECTION_COST } from "../credits/estimates";
import { useInsufficientCredits } from "../credits/insufficient-credits-dialog";
import { copyToClipboard, detectAi, formatPercent } from "../detection";
import { PublicationsList, PublishDialog } from "../publishing";
import { HISTORY_KEY, writerNote } from "../writing/api";
import { Markdown } from "../writing/markdown";
import { DOCUMENT_KEY, DOCUMENTS_KEY, downloadVersion, saveEdit, useDocument } from "./api";
import { DeleteDocumentDialog, type DocumentRef, RenameDialog } from "./document-actions";
import { EditText } from "./edit-text";
import { formatWhen } from "./format-when";
import { diffVersions, readableText } from "./version-diff";
// A document's page opens on its versions: the parser loads with this screen, not after it.
import "../detection/draft-parser-now";

/** The verdict of a detection, in words: the detector's own when it gives one. */
export function verdictLabel(d: DetectionResult): string {
  const v = (d as { verdict?: { label?: unknown } }).verdict;
  if (v && typeof v.label === "string") return v.label;
  if (!d.success) return "Detection unavailable";
  return d.isAiGenerated ? "Likely AI-written" : "Likely human-written";
}

/** Where the full app picks a document up. */
export const continuePath = (id: string) => `${PAGE_ROUTES.generate}?document=${encodeURIComponent(id)}`;

/** "Version 2 · Draft": what an edit or a rewrite was made from, when that was recorded. */
function sourceName(doc: DocumentDetail, v: DocumentVersion): string | undefined {
  const i = v.sourceVersionId ? doc.versions.findIndex((x) => x.id === v.sourceVersionId) : -1;
  return i < 0 ? undefined : versionName(doc.versions[i] as DocumentVersion, i);
}

const versionName = (v: DocumentVersion, i: number) =>
  `Version ${i + 1} · ${VERSION_KIND_LABELS[v.kind]}${v.platform ? ` (${v.platform === "shopify" ? "Shopify" : "WordPress"})` : ""}`;

export function DocumentPage() {
  const { id = "" } = useParams();
  const { openSignIn } = useAuth();
  return (
    <SignedIn
      // The server sends a signed-in owner's page drawn (prerender.tsx): it stays until the page has
      // its own answers, rather than giving way to a spinner and coming back.
      loading={<PageFallback label="Loading the document" />}
      signedOut={
        <div className="mx-auto max-w-xl space-y-3 text-center">
          <h1 className="text-2xl font-bold text-slate-900">Document</h1>
          <p className="text-slate-700">Sign in to open your documents.</p>
          <Button onClick={() => openSignIn("signin")}>Sign In</Button>
        </div>
      }
    >
      <DocumentView id={id} />
    </SignedIn>
  );
}

function DocumentView({ id }: { id: string }) {
  const query = useDocument(id);
  // The document draws in a deferred render: sliced, rather than one long task inside the answer
  // (TanStack Query's updates render at once, unsliced); the spinner stays until then.
  const doc = useDeferredValue(query.data);
  if (query.isPending || (query.isSuccess && !doc)) return <PageFallback label="Loading the document" />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="mx-auto max-w-xl space-y-3 text-center">
        <h1 className="text-2xl font-bold text-slate-900">
          {gone ? DOCUMENT_NOT_FOUND : "Could not load the document"}
        </h1>
        <p className="text-slate-700">
          {gone
            ? "It may have been deleted, or the link is not one of your documents."
            : errorText(query.error, "Please try again")}
        </p>
        <Button asChild variant="outline">
          <Link to={PAGE_ROUTES.documents}>All documents</Link>
        </Button>
      </div>
    );
  }
  return <DocumentBody doc={doc ?? query.data} />;
}

/** A document's page once it has loaded (drawn on the server too, as the page's shell: prerender.tsx). */
export function DocumentBody({ doc }: { doc: DocumentDetail }) {
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState<DocumentRef | null>(null);
  const [deleting, setDeleting] = useState<DocumentRef | null>(null);
  const ref = { id: doc.id, title: doc.title, versionCount: doc.versions.length };
  const latest = doc.versions.at(-1);
  const texts = doc.versions.filter((v) => v.format === "markdown");
  const [compare, setCompare] = useState<{ from: string; to: string } | null>(() =>
    texts.length >= 2 ? { from: texts.at(-2)!.id, to: texts.at(-1)!.id } : null,
  );

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to={PAGE_ROUTES.documents}>
            <ArrowLeft aria-hidden="true" /> All documents
          </Link>
        </Button>
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{doc.title}</h1>
        {doc.brief && (
          <p className="line-clamp-3 max-w-3xl text-sm text-slate-600">
            <span className="font-medium text-slate-700">Brief: </span>
            {doc.brief}
          </p>
        )}
        <p className="text-xs text-slate-600">
          Created <time dateTime={doc.createdAt}>{formatWhen(doc.createdAt)}</time> · {doc.versions.length}{" "}
          {doc.versions.length === 1 ? "version" : "versions"}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Button asChild>
            <Link to={continuePath(doc.id)}>
              <PenLine aria-hidden="true" /> Continue in the full app
            </Link>
          </Button>
          {latest && <DownloadButtons documentId={doc.id} version={latest} label="Download latest" />}
          {latest && (
            <PublishButton documentId={doc.id} version={latest}>
              Publish latest
            </PublishButton>
          )}
          <Button variant="outline" onClick={() => setRenaming(ref)}>
            <Pencil aria-hidden="true" /> Rename
          </Button>
          <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(ref)}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
        <PublicationsList
          documentId={doc.id}
          versionName={(id) => {
            const i = doc.versions.findIndex((v) => v.id === id);
            return i < 0 ? undefined : versionName(doc.versions[i] as DocumentVersion, i);
          }}
        />
      </div>

      {doc.versions.length >= 2 && <CompareCard doc={doc} value={compare} onChange={setCompare} />}

      <section aria-labelledby="versions-title" className="space-y-4">
        <h2 id="versions-title" className="text-lg font-semibold text-slate-900">
          Versions
        </h2>
        {doc.versions.length === 0 ? (
          <p className="text-sm text-slate-600">This document has no versions yet.</p>
        ) : (
          <ol className="space-y-4" data-testid="versions">
            {doc.versions.map((v, i) => (
              <li key={v.id}>
                <VersionCard
                  documentId={doc.id}
                  version={v}
                  name={versionName(v, i)}
                  previous={doc.versions[i - 1]}
                  sourceName={sourceName(doc, v)}
                  nextNumber={doc.versions.length + 1}
                  publishable={v.kind === "seo" && v.id !== latest?.id}
                  onCompare={(from) => {
                    setCompare({ from, to: v.id });
                    requestAnimationFrame(() =>
                      document.getElementById("compare-title")?.scrollIntoView({ block: "start", behavior: "smooth" }),
                    );
                  }}
                />
              </li>
            ))}
          </ol>
        )}
      </section>
      <RenameDialog doc={renaming} onClose={() => setRenaming(null)} />
      <DeleteDocumentDialog
        doc={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => navigate(PAGE_ROUTES.documents)}
      />
    </div>
  );
}

/** The Publish dialog for one version; HTML made for a platform offers only that platform's sites. */
function PublishButton({
  documentId,
  version,
  size,
  children,
}: {
  documentId: string;
  version: DocumentVersion;
  size?: "sm";
  children: string;
}) {
  return (
    <PublishDialog
      documentId={documentId}
      versionId={version.id}
      platform={version.format === "html" ? version.platform : undefined}
      trigger={
        <Button variant="outline" size={size}>
          <Send aria-hidden="true" /> {children}
        </Button>
      }
    />
  );
}

function DownloadButtons({
  documentId,
  version,
  label = "Download",
}: {
  documentId: string;
  version: DocumentVersion;
  label?: string;
}) {
  const download = (format: "md" | "html") =>
    void downloadVersion(documentId, { format, versionId: version.id }).catch((err) =>
      toast.error("Download failed", errorText(err, "Could not download this version")),
    );
  return version.format === "html" ? (
    <Button variant="outline" onClick={() => download("html")}>
      <Download aria-hidden="true" /> {label} (HTML)
    </Button>
  ) : (
    <>
      <Button variant="outline" onClick={() => download("md")}>
        <Download aria-hidden="true" /> {label} (Markdown)
      </Button>
      <Button variant="outline" onClick={() => download("html")}>
        <Download aria-hidden="true" /> {label} (HTML)
      </Button>
    </>
  );
}

function DetectionSummary({ detection }: { detection?: DetectionResult }) {
  if (!detection)
    return (
      <p className="text-sm text-slate-600" data-testid="version-detection">
        Not checked for AI yet.
      </p>
    );
  if (!detection.success)
    return (
      <p className="text-sm text-amber-800" data-testid="version-detection">
        AI detection unavailable{detection.error ? `: ${detection.error}` : ""}
      </p>
    );
  const flagged = detection.aiSentences.length;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800" data-testid="version-detection">
      <Badge variant={detection.isAiGenerated ? "danger" : "success"}>{verdictLabel(detection)}</Badge>
      <span className="tabular-nums">{formatPercent(detection.aiPercentage)} AI</span>
      <span aria-hidden="true">·</span>
      <span>
        {flagged} flagged {flagged === 1 ? "sentence" : "sentences"}
      </span>
    </p>
  );
}

function VersionCard({
  documentId,
  version,
  name,
  previous,
  sourceName,
  nextNumber,
  publishable,
  onCompare,
}: {
  documentId: string;
  version: DocumentVersion;
  name: string;
  previous?: DocumentVersion;
  /** The version this one was made from (an edit, a revision, a rewrite), by name. */
  sourceName?: string;
  /** The number an edit saved now gets. */
  nextNumber: number;
  /** An SEO version other than the latest (the latest is published from the page's header). */
  publishable?: boolean;
  onCompare: (fromId: string) => void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const editable = version.format === "markdown" && EDITABLE_KINDS.includes(version.kind);
  const who =
    version.kind === "own"
      ? "Written or edited by you"
      : version.writer
        ? writerNote(version.writer as Writer, version.model)
        : null;
  const saveAsNew = async (content: string) => {
    await saveEdit(documentId, { content, basedOn: version.id });
    await refreshQueries(queryClient, { queryKey: DOCUMENTS_KEY });
    setEditing(false);
    toast.success(
      `Saved as version ${nextNumber}`,
      `${name} stays as it was. Check the edit for AI when you are ready.`,
    );
  };
  return (
    <Card data-testid="version" data-kind={version.kind}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-slate-900">{name}</h3>
            {version.partial && <Badge variant="warning">Stopped early</Badge>}
          </div>
          <time dateTime={version.createdAt} className="text-xs text-slate-600">
            {formatWhen(version.createdAt)}
          </time>
        </div>
        <CardDescription>
          {who ?? "Made by the SEO HTML pipeline (no model)"} · {creditCount(version.creditsUsed)}
          {sourceName && (
            <>
              {" "}
              · {version.kind === "own" ? "edited from" : "made from"} {sourceName}
            </>
          )}
        </CardDescription>
        <DetectionSummary detection={version.detection} />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void copyToClipboard(version.content, { success: `${name} copied to the clipboard` })}
          >
            <ClipboardCopy aria-hidden="true" /> Copy
          </Button>
          <DownloadButtons documentId={documentId} version={version} />
          {publishable && (
            <PublishButton documentId={documentId} version={version} size="sm">
              Publish
            </PublishButton>
          )}
          {previous && (
            <Button variant="outline" size="sm" onClick={() => onCompare(previous.id)}>
              <GitCompare aria-hidden="true" /> Compare with the previous version
            </Button>
          )}
          {editable && !editing && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <FilePen aria-hidden="true" /> Edit
            </Button>
          )}
          {version.format === "markdown" && !version.detection && (
            <CheckVersionButton documentId={documentId} version={version} name={name} />
          )}
        </div>
      </CardHeader>
      <CardContent>
        {editing ? (
          <EditText
            initial={version.content}
            label={`Edit ${name}`}
            onSave={saveAsNew}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <section
            aria-label={`${name}: text`}
            className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-2"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
          >
            {version.format === "html" ? (
              <pre className="whitespace-pre-wrap break-words py-2 font-mono text-xs leading-5 text-slate-800">
                {version.content}
              </pre>
            ) : (
              <Markdown text={version.content} />
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}

/** Checks a version for AI (a credit, or free when this exact text was checked before) and stores the result on it. */
function CheckVersionButton({
  documentId,
  version,
  name,
}: {
  documentId: string;
  version: DocumentVersion;
  name: string;
}) {
  const queryClient = useQueryClient();
  const { refreshCredits } = useAuth();
  const insufficient = useInsufficientCredits();
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    try {
      const result = await detectAi(version.content, { documentId, versionId: version.id });
      if (!result.success)
        toast.warning("AI Detection Unavailable", result.error || "The AI detector could not check this text.");
      await refreshQueries(queryClient, { queryKey: DOCUMENT_KEY(documentId) });
      void refreshQueries(queryClient, { queryKey: DOCUMENTS_KEY });
    } catch (err) {
      if (!insufficient.openFromError(err)) toast.error("AI detection failed", errorText(err, "Please try again"));
    } finally {
      setChecking(false);
      void refreshCredits();
      void refreshQueries(queryClient, { queryKey: HISTORY_KEY });
    }
  };
  return (
    <PendingButton
      size="sm"
      pending={checking}
      icon={ScanSearch}
      pendingLabel="Checking…"
      disabled={checking}
      onClick={() => void check()}
      aria-label={`Check ${name} for AI (${DETECTION_COST})`}
    >
      Check for AI · {DETECTION_COST}
    </PendingButton>
  );
}

function CompareCard({
  doc,
  value,
  onChange,
}: {
  doc: DocumentDetail;
  value: { from: string; to: string } | null;
  onChange: (v: { from: string; to: string }) => void;
}) {
  const ids = { from: useId(), to: useId() };
  const current = value ?? { from: doc.versions.at(-2)!.id, to: doc.versions.at(-1)!.id };
  // Text against text: Markdown and the HTML made from it are compared by what a reader reads.
  const from = doc.versions.find((v) => v.id === current.from);
  const to = doc.versions.find((v) => v.id === current.to);
  const diff = useMemo(() => (from && to ? diffVersions(readableText(from), readableText(to)) : null), [from, to]);
  const names = new Map(doc.versions.map((v, i) => [v.id, versionName(v, i)]));

  return (
    <Card>
      <CardHeader className="gap-3">
        <CardTitle id="compare-title" className="flex scroll-mt-20 items-center gap-2">
          <GitCompare className="size-5 text-slate-600" aria-hidden="true" /> Compare versions
        </CardTitle>
        <CardDescription>
          What did a revision actually change? Words added and removed, sentences changed.
        </CardDescription>
        <div className="grid gap-3 sm:grid-cols-2">
          {(["from", "to"] as const).map((side) => (
            <div key={side} className="space-y-1.5">
              <Label htmlFor={ids[side]}>{side === "from" ? "From" : "To"}</Label>
              <NativeSelect
                id={ids[side]}
                value={current[side]}
                onChange={(e) => onChange({ ...current, [side]: e.target.value })}
              >
                {doc.versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {names.get(v.id)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ))}
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {diff && (
          <>
            <p className="text-sm text-slate-700" data-testid="diff-summary" role="status">
              {diff.changedSentences === 0 && diff.addedWords === 0 && diff.removedWords === 0
                ? "No differences: the two versions have the same text."
                : `${formatNumber(diff.changedSentences)} of ${countOf(diff.sentences, "sentence")} changed · ${countOf(diff.addedWords, "word")} added · ${formatNumber(diff.removedWords)} removed`}
            </p>
            <p className="flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden="true">
              <span className="rounded bg-amber-100 px-1.5">changed sentence</span>
              <span className="rounded bg-emerald-200 px-1.5 underline">added</span>
              <span className="rounded bg-red-100 px-1.5 text-red-800 line-through">removed</span>
            </p>
            <section
              className="max-h-[32rem] overflow-y-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-4 text-sm leading-6 text-slate-800"
              data-testid="diff"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
              tabIndex={0}
              aria-label={`Changes from ${names.get(current.from)} to ${names.get(current.to)}`}
            >
              {diff.segments.map((s, i) =>
                s.type === "added" ? (
                  <ins key={i} className="rounded-sm bg-emerald-200 text-emerald-950 underline decoration-emerald-700">
                    {s.text}
                  </ins>
                ) : s.type === "removed" ? (
                  <del key={i} className="rounded-sm bg-red-100 text-red-800">
                    {s.text}
                  </del>
                ) : (
                  <span
                    key={i}
                    className={cn(s.inChangedSentence && "bg-amber-100")}
                    data-changed={s.inChangedSentence || undefined}
                  >
                    {s.text}
                  </span>
                ),
              )}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}

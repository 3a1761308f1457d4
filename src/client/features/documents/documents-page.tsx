// Documents (/documents, issue 10): every post the user paid for, most recently changed first —
// search over titles and text, each with its date, latest kind and AI score; rename and delete (with
// a confirmation). Pages of 20 with "Load more".
import { FileText, Loader2, Pencil, Search, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { DOCUMENT_SEARCH_DEBOUNCE_MS, DOCUMENT_SEARCH_MAX, VERSION_KIND_LABELS } from "../../../shared/document-kinds";
import type { DocumentSummary } from "../../../shared/documents";
import { documentPath, PAGE_ROUTES } from "../../../shared/routes";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Input, Label } from "../../components/ui/input";
import { PageSpinner, Spinner } from "../../components/ui/spinner";
import {
  Table,
  TableActionsHead,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../components/ui/table";
import { errorText } from "../../lib/errors";
import { useAuth } from "../auth/auth-context";
import { SignedIn } from "../auth/signed-in";
import { BatchesList } from "../batches/batches-list";
import { formatPercent } from "../detection/percent";
import { useDocuments } from "./api";
import { DeleteDocumentDialog, type DocumentRef, RenameDialog } from "./document-actions";
import { formatWhen } from "./format-when";

export function DocumentsPage() {
  const { openSignIn } = useAuth();
  return (
    <SignedIn
      loading={
        <div className="space-y-6">
          <DocumentsIntro />
          <PageSpinner />
        </div>
      }
      signedOut={
        <Card className="mx-auto max-w-xl">
          <CardHeader>
            <h1 className="text-lg font-semibold leading-tight text-slate-900">Documents</h1>
            <CardDescription>Sign in to see every draft, revision and SEO HTML you have made.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => openSignIn("signin")}>Sign In</Button>
          </CardContent>
        </Card>
      }
    >
      <DocumentLibrary />
    </SignedIn>
  );
}

/** The page's heading and introduction: drawn while the session loads too (the page shell). */
function DocumentsIntro() {
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Documents</h1>
      <p className="text-sm text-slate-600">
        Every draft, revision, final version and SEO HTML you paid for, and the texts you checked or edited, with what
        the AI detector said about each. Documents stay until you delete them.{" "}
        <Link to={PAGE_ROUTES.check} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Check my text
        </Link>
      </p>
    </div>
  );
}

function DocumentLibrary() {
  const searchId = useId();
  const [input, setInput] = useState("");
  const [q, setQ] = useState("");
  const [renaming, setRenaming] = useState<DocumentRef | null>(null);
  const [deleting, setDeleting] = useState<DocumentRef | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setQ(input.trim()), DOCUMENT_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  const docs = useDocuments(q);
  const rows = docs.data?.pages.flatMap((p) => p.documents) ?? [];

  return (
    <div className="space-y-6">
      <DocumentsIntro />

      <BatchesList />

      <search className="block max-w-md space-y-1.5">
        <Label htmlFor={searchId}>Search documents</Label>
        <div className="relative">
          <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder="Titles and text"
            maxLength={DOCUMENT_SEARCH_MAX}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
      </search>

      <Card>
        <CardContent className="p-0">
          {docs.isPending ? (
            <div className="flex justify-center p-8">
              <Spinner label="Loading documents" />
            </div>
          ) : docs.isError ? (
            <p role="alert" className="p-6 text-sm text-red-700">
              {errorText(docs.error, "Could not load your documents")}
            </p>
          ) : rows.length === 0 ? (
            <div className="space-y-3 p-6 text-sm text-slate-700">
              {q ? (
                <p>No documents match “{q}”.</p>
              ) : (
                <>
                  <p>No documents yet. Every draft you generate is saved here, with its revisions and SEO HTML.</p>
                  <Button asChild size="sm">
                    <Link to={PAGE_ROUTES.generate}>Write a draft</Link>
                  </Button>
                </>
              )}
            </div>
          ) : (
            <Table aria-label="Your documents" data-testid="documents-table">
              <TableHeader>
                <TableRow>
                  <TableHead>Title</TableHead>
                  <TableHead>Last change</TableHead>
                  <TableHead>Latest</TableHead>
                  <TableHead>AI score</TableHead>
                  <TableHead className="text-right">Versions</TableHead>
                  <TableActionsHead />
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((d) => (
                  <DocumentRow key={d.id} doc={d} onRename={setRenaming} onDelete={setDeleting} />
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {docs.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void docs.fetchNextPage()} disabled={docs.isFetchingNextPage}>
            {docs.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />} Load more
          </Button>
        </div>
      )}
      <RenameDialog doc={renaming} onClose={() => setRenaming(null)} />
      <DeleteDocumentDialog doc={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function DocumentRow({
  doc,
  onRename,
  onDelete,
}: {
  doc: DocumentSummary;
  onRename: (d: DocumentRef) => void;
  onDelete: (d: DocumentRef) => void;
}) {
  const ref = { id: doc.id, title: doc.title, versionCount: doc.versionCount };
  return (
    <TableRow data-testid="document-row">
      <TableCell className="max-w-md px-4 py-3">
        <Link
          to={documentPath(doc.id)}
          className="flex items-start gap-2 font-medium text-brand-800 hover:underline"
          data-testid="document-link"
        >
          <FileText className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="line-clamp-2 break-words">{doc.title}</span>
        </Link>
      </TableCell>
      <TableCell className="whitespace-nowrap px-4 py-3 text-slate-700">
        <time dateTime={doc.updatedAt}>{formatWhen(doc.updatedAt)}</time>
      </TableCell>
      <TableCell className="px-4 py-3">
        {doc.latest ? <Badge variant="secondary">{VERSION_KIND_LABELS[doc.latest.kind]}</Badge> : "—"}
      </TableCell>
      <TableCell className="whitespace-nowrap px-4 py-3 tabular-nums text-slate-700">
        {doc.lastChecked ? (
          <span data-testid="document-ai-score">
            {formatPercent(doc.lastChecked.aiPercentage)} AI
            {doc.lastChecked.versionId !== doc.latest?.versionId && (
              <span className="block text-xs text-slate-600">
                {doc.lastChecked.kind === "own"
                  ? "on your text"
                  : `on the ${VERSION_KIND_LABELS[doc.lastChecked.kind].toLowerCase()}`}
              </span>
            )}
          </span>
        ) : (
          "Not checked"
        )}
      </TableCell>
      <TableCell className="px-4 py-3 text-right tabular-nums">{doc.versionCount}</TableCell>
      <TableCell className="whitespace-nowrap px-4 py-3 text-right">
        <Button variant="ghost" size="sm" onClick={() => onRename(ref)} aria-label={`Rename ${doc.title}`}>
          <Pencil aria-hidden="true" /> Rename
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={() => onDelete(ref)}
          aria-label={`Delete ${doc.title}`}
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </TableCell>
    </TableRow>
  );
}

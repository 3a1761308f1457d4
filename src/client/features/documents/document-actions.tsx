// Rename and delete, shared by the Documents list and a document's page: a dialog with the title
// (checked with the server's own schema, 1–200 characters) and a confirmation that says what goes.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { DOCUMENT_TITLE_MAX } from "../../../shared/document-kinds";
import { countOf } from "../../../shared/plural";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { describedBy, Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/errors";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { usePending } from "../../lib/use-pending";
import { DOCUMENTS_KEY, deleteDocument, renameDocument } from "./api";

export interface DocumentRef {
  id: string;
  title: string;
  versionCount: number;
}

export function RenameDialog({ doc, onClose }: { doc: DocumentRef | null; onClose: () => void }) {
  return (
    <Dialog open={doc !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{doc && <RenameForm key={doc.id} doc={doc} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function RenameForm({ doc, onClose }: { doc: DocumentRef; onClose: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [title, setTitle] = useState(doc.title);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The schema (and zod) load with the first rename, not with the Documents page.
    const { RenameDocumentRequest } = await import("../../../shared/documents");
    const parsed = RenameDocumentRequest.safeParse({ title });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setSaving(true);
    try {
      await renameDocument(doc.id, parsed.data.title);
      await refreshQueries(queryClient, { queryKey: DOCUMENTS_KEY });
      toast.success("Document renamed", parsed.data.title);
      onClose();
    } catch (err) {
      setError(errorText(err, "Could not rename the document"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <DialogTitle>Rename document</DialogTitle>
      <DialogDescription>1 to {DOCUMENT_TITLE_MAX} characters.</DialogDescription>
      <Field id={`${id}-title`} label="Title" error={error}>
        <Input
          value={title}
          maxLength={DOCUMENT_TITLE_MAX + 50}
          {...describedBy(`${id}-title`, { error })}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(undefined);
          }}
          autoFocus
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving && <Spinner label="Saving" />} Save
        </Button>
      </div>
    </form>
  );
}

export function DeleteDocumentDialog({
  doc,
  onClose,
  onDeleted,
}: {
  doc: DocumentRef | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  const [pending, run] = usePending();
  const versions = doc?.versionCount === 1 ? "its only version" : `all ${countOf(doc?.versionCount ?? 0, "version")}`;
  return (
    <ConfirmDialog
      open={doc !== null}
      onOpenChange={(open) => !open && !pending && onClose()}
      title={`Delete “${doc?.title ?? ""}”?`}
      description={`This deletes the document and ${versions}, with their AI detection results. Your credits and billing history are not affected. This cannot be undone.`}
      confirmLabel="Delete document"
      pending={pending}
      onConfirm={async () => {
        if (!doc) return;
        await run(
          async () => {
            await deleteDocument(doc.id);
            queryClient.removeQueries({ queryKey: [...DOCUMENTS_KEY, "one", doc.id] });
            await refreshQueries(queryClient, { queryKey: DOCUMENTS_KEY });
            toast.success("Document deleted", doc.title);
            onClose();
            onDeleted?.();
          },
          (err) => toast.error("Delete failed", errorText(err, "Could not delete the document")),
        );
      }}
    />
  );
}

// Edit in place (issue 31, item 11): a plain editor over a version's Markdown. Saving keeps the old
// version and adds the edit as the document's newest ("Your text"), free; the caller decides what
// happens next (the document page shows it unchecked, Results checks it at once).
import { Save, X } from "lucide-react";
import { useId, useState } from "react";
import { DOCUMENT_MAX_CHARS } from "../../../shared/limits";
import { formatNumber } from "../../../shared/number-text";
import { Button } from "../../components/ui/button";
import { Label, Textarea } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { errorText } from "../../lib/errors";
import { toast } from "../../lib/toast";

/** Why an edit cannot be saved yet, or null. */
export function editProblem(initial: string, text: string): string | null {
  if (!text.trim()) return "Text is required";
  if (text.length > DOCUMENT_MAX_CHARS)
    return `Text is too long (${formatNumber(DOCUMENT_MAX_CHARS)} characters at most)`;
  if (text === initial) return "Nothing changed yet";
  return null;
}

export function EditText({
  initial,
  label,
  saveLabel = "Save as new version",
  onSave,
  onCancel,
}: {
  initial: string;
  /** What is being edited, for the field's label ("Edit the draft"). */
  label: string;
  saveLabel?: string;
  /** Saves the text; throws to keep the editor open (the error is shown). */
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const problem = editProblem(initial, text);

  const save = async () => {
    if (problem) return;
    setSaving(true);
    try {
      await onSave(text);
    } catch (err) {
      toast.error("Could not save your edit", errorText(err, "Please try again"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-2" data-testid="edit-text">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label} (Markdown)</Label>
        <span className="text-xs tabular-nums text-slate-600" aria-live="polite" id={`${id}-hint`}>
          {text !== initial && !problem ? "Edited: the original stays as it was" : (problem ?? "")}
        </span>
      </div>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint`}
        className="min-h-80 font-mono text-[13px] leading-6"
        spellCheck
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <PendingButton
          pending={saving}
          icon={Save}
          pendingLabel="Saving…"
          disabled={Boolean(problem) || saving}
          onClick={() => void save()}
        >
          {saveLabel}
        </PendingButton>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          <X aria-hidden="true" /> Cancel
        </Button>
      </div>
    </div>
  );
}

import { toast } from "../lib/toast";
import type { UnsavedText } from "../lib/unsaved-text";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";

/** The dialog of unsaved-text-dialog.tsx, loaded when there is text to offer (radix Dialog stays off the first load). */
export function UnsavedTextDialogView({ offer, onClose }: { offer: UnsavedText; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(offer.text);
      toast.success("Copied", "The text is on your clipboard");
    } catch {
      toast.error("Error", "Failed to copy: select the text and copy it yourself");
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Saved nothing</DialogTitle>
        <DialogDescription>{offer.message}</DialogDescription>
        <textarea
          readOnly
          aria-label="The text that was not saved"
          className="mt-4 h-64 w-full rounded-md border border-slate-300 p-3 font-mono text-sm"
          value={offer.text}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onClose()}>
            Close
          </Button>
          <Button onClick={() => void copy()}>Copy text</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

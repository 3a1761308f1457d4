import { useEffect, useState } from "react";
import { toast } from "../lib/toast";
import { onUnsavedText, type UnsavedText } from "../lib/unsaved-text";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";

/**
 * Text that was delivered and charged for but not saved (lib/unsaved-text.ts): shown with the
 * server's "Saved nothing: …" message and a Copy button, until the user closes it.
 */
export function UnsavedTextDialog() {
  const [offer, setOffer] = useState<UnsavedText | null>(null);
  useEffect(() => onUnsavedText(setOffer), []);
  if (!offer) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(offer.text);
      toast.success("Copied", "The text is on your clipboard");
    } catch {
      toast.error("Error", "Failed to copy: select the text and copy it yourself");
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && setOffer(null)}>
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
          <Button variant="outline" onClick={() => setOffer(null)}>
            Close
          </Button>
          <Button onClick={() => void copy()}>Copy text</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

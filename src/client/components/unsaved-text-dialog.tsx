import { lazy, Suspense, useEffect, useState } from "react";
import { onUnsavedText, type UnsavedText } from "../lib/unsaved-text";

const UnsavedTextDialogView = lazy(() =>
  import("./unsaved-text-dialog-view").then((m) => ({ default: m.UnsavedTextDialogView })),
);

/**
 * Text that was delivered and charged for but not saved (lib/unsaved-text.ts): shown with the
 * server's "Saved nothing: …" message and a Copy button, until the user closes it. The dialog's
 * code loads with the first such text, not with every page.
 */
export function UnsavedTextDialog() {
  const [offer, setOffer] = useState<UnsavedText | null>(null);
  useEffect(() => onUnsavedText(setOffer), []);
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <UnsavedTextDialogView offer={offer} onClose={() => setOffer(null)} />
    </Suspense>
  );
}

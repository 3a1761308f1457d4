// The Publish dialog: its button and frame. The form (publish-form-view.tsx) and the publishing
// schemas it checks with load when the dialog first opens, so a page that offers Publish does not wait
// for them; hovering or focusing the button starts the load early.
import { Send } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import type { PublishDialogProps } from "./publish-form";

const loadForm = () => import("./publish-form-view");
const PublishForm = lazy(loadForm);

export function PublishDialog({ documentId, versionId, platform, trigger, onPublished }: PublishDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()}>
        {trigger ?? (
          <Button variant="outline">
            <Send aria-hidden="true" /> Publish
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogTitle>Publish</DialogTitle>
        <DialogDescription>Send this version to your site. Nothing goes live unless you choose it.</DialogDescription>
        {open && (
          <Suspense fallback={<Spinner label="Loading" />}>
            <PublishForm documentId={documentId} versionId={versionId} platform={platform} onPublished={onPublished} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

// The one notice for a document id that leads nowhere (issue 31): Results shows it as its screen,
// the full app and the console above their results, until dismissed or a new draft starts.
import { FileQuestion, X } from "lucide-react";
import { Link } from "react-router";
import { DOCUMENT_NOT_FOUND } from "../../../shared/document-kinds";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";

export const DOCUMENT_NOT_FOUND_DETAIL =
  "It may have been deleted, or a draft was stopped before any text was written (nothing was charged). Your documents are listed under Documents.";

export function DocumentNotFoundNotice({
  onDismiss,
  children,
}: {
  onDismiss?: () => void;
  children?: React.ReactNode;
}) {
  return (
    <Card role="alert" aria-labelledby="document-not-found" className="border-amber-300 bg-amber-50">
      <CardContent className="flex items-start gap-3 p-4 text-sm text-slate-800">
        <FileQuestion className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id="document-not-found" className="font-semibold text-slate-900">
            {DOCUMENT_NOT_FOUND}
          </h2>
          <p>{DOCUMENT_NOT_FOUND_DETAIL}</p>
          <div className="flex flex-wrap gap-2">
            {children}
            <Button asChild variant="outline" size="sm">
              <Link to={PAGE_ROUTES.documents}>Documents</Link>
            </Button>
          </div>
        </div>
        {onDismiss && (
          <Button variant="ghost" size="icon" onClick={onDismiss} aria-label="Dismiss" className="shrink-0">
            <X className="size-4" aria-hidden="true" />
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

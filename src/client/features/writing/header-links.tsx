// The links at the right of the full app's and the console's header card: the document's versions
// (once the session has a document) and one link to the other screen.
import type { LucideIcon } from "lucide-react";
import { Files } from "lucide-react";
import { Link } from "react-router";
import { documentPath } from "../../../shared/routes";
import { Button } from "../../components/ui/button";

export function HeaderLinks({
  documentId,
  to,
  icon: Icon,
  label,
}: {
  documentId: string | null;
  to: string;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <div className="flex flex-wrap gap-2 self-start sm:self-auto">
      {documentId && (
        <Button asChild variant="outline" size="sm">
          <Link to={documentPath(documentId)}>
            <Files aria-hidden="true" /> Every version in Documents
          </Link>
        </Button>
      )}
      <Button asChild variant="outline" size="sm">
        <Link to={to}>
          <Icon aria-hidden="true" /> {label}
        </Link>
      </Button>
    </div>
  );
}

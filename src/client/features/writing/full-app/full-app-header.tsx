// The full app's header card: the title, the model and style badges, and the links to the
// document's versions and to the PROSE console.
import { TerminalSquare } from "lucide-react";
import { PAGE_ROUTES } from "../../../../shared/routes";
import type { AiProvider, WritingStyle } from "../../../../shared/writing";
import { Badge } from "../../../components/ui/badge";
import { MODEL_LABELS, WRITING_STYLE_LABELS } from "../console/session-defaults";
import { HeaderLinks } from "../header-links";

export function FullAppHeader({
  provider,
  style,
  documentId,
}: {
  provider: AiProvider;
  style: WritingStyle;
  documentId: string | null;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Full Generation App</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Badge data-testid="model-badge">Model: {MODEL_LABELS[provider]}</Badge>
          <Badge variant="secondary" data-testid="style-badge">
            Style: {WRITING_STYLE_LABELS[style]}
          </Badge>
        </div>
      </div>
      <HeaderLinks documentId={documentId} to={PAGE_ROUTES.console} icon={TerminalSquare} label="PROSE console" />
    </div>
  );
}

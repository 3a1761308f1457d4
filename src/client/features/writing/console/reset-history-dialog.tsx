// 'Reset and Clear History' asks first (issue 10), and says exactly what goes: the request history
// and what is on this screen — never the documents, which have their own Delete.
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useAuth } from "../../auth/auth-context";
import { useHistory } from "../api";

export function ResetHistoryDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
  confirmLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  confirmLabel: string;
}) {
  const { user } = useAuth();
  const history = useHistory({ enabled: Boolean(user) });
  const count = history.data?.length;
  const entries =
    count === undefined
      ? "your request history"
      : `your request history (${count} ${count === 1 ? "entry" : "entries"})`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset and clear your history?"
      description={
        <>
          This deletes {user ? entries : "nothing on the server"} and clears the form and the results on this screen.{" "}
          <strong>Your documents are kept</strong>: every draft, revision and SEO HTML stays in Documents, where each
          has its own Delete. Credits and billing records are not affected.
        </>
      }
      confirmLabel={confirmLabel}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}

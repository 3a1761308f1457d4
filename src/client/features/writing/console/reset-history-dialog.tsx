// 'Reset and Clear History' asks first (issue 10), and says exactly what goes: the request history
// and what is on this screen — never the documents, which have their own Delete.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { refreshQueries } from "../../../lib/refresh";
import { toast } from "../../../lib/toast";
import { useAuth } from "../../auth/auth-context";
import { HISTORY_KEY, useHistory } from "../api";

/**
 * A screen's 'Reset and Clear History': `ask()` opens the dialog (`dialog`, spread into
 * ResetHistoryDialog); confirming runs `reset` (the server's history and the screen's state), says so,
 * or hands the failure to `onError`; the history is refetched either way.
 */
export function useResetHistory({ reset, onError }: { reset: () => Promise<void>; onError: (err: unknown) => void }) {
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    setResetting(true);
    try {
      await reset();
      toast.success(
        "System Reset",
        "The form, the results and your request history were cleared. Your documents are kept.",
      );
    } catch (err) {
      onError(err);
    } finally {
      setResetting(false);
      setOpen(false);
      void refreshQueries(queryClient, { queryKey: HISTORY_KEY });
    }
  };
  return {
    resetting,
    ask: () => setOpen(true),
    dialog: { open, onOpenChange: setOpen, onConfirm: () => void confirm(), pending: resetting },
  };
}

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

// The Campaign Recipients dialog (spec §2): the campaign's name, total recipients, credits per user,
// total credits granted, and a table User / Email / Credits / Granted At ('MMM d, yyyy HH:mm').
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import type { Campaign, RecipientsResponse } from "../../../shared/admin";
import { DIRECT_GRANT } from "../../../shared/limits";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { FRESH_ON_MOUNT } from "../../lib/query";
import { formatCredits } from "../credits/format";
import { useErrorToast } from "../credits/use-error-toast";

export const recipientsKey = (campaignId: number) => [`/api/admin/campaigns/${campaignId}/recipients`] as const;

export function CampaignRecipientsDialog({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  return (
    <Dialog open={campaign !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" aria-describedby="recipients-desc">
        {campaign && <RecipientsBody campaign={campaign} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RecipientsBody({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  // Fresh each time the dialog opens: recipients keep arriving while a campaign is active.
  const recipients = useQuery<RecipientsResponse>({ queryKey: recipientsKey(campaign.id), ...FRESH_ON_MOUNT });
  useErrorToast(recipients.error, "Failed to fetch recipients");
  const rows = recipients.data?.recipients ?? [];

  return (
    <>
      <DialogTitle>Campaign Recipients</DialogTitle>
      <DialogDescription id="recipients-desc">{campaign.name}</DialogDescription>

      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">Total Recipients</dt>
          <dd className="text-xl font-semibold text-slate-900" data-testid="recipients-total">
            {formatCredits(campaign.currentRecipients)}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">Credits per User</dt>
          <dd className="text-xl font-semibold text-slate-900">{formatCredits(campaign.creditAmount)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">Total Credits Granted</dt>
          <dd className="text-xl font-semibold text-slate-900" data-testid="recipients-credits-total">
            {formatCredits(campaign.currentRecipients * campaign.creditAmount)}
          </dd>
        </div>
      </dl>

      <div className="mt-4 overflow-hidden rounded-lg border border-slate-200">
        {recipients.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner className="size-6" label="Loading recipients" />
          </div>
        ) : recipients.isError ? (
          <p role="alert" className="p-6 text-center text-sm text-red-800">
            Failed to fetch recipients.
          </p>
        ) : rows.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-600">No recipients yet</p>
        ) : (
          // The table's own wrapper scrolls (both ways), so the sticky header stays in view.
          <Table containerClassName="max-h-80 overflow-y-auto">
            <TableCaption className="sr-only">Users who received {campaign.name}</TableCaption>
            <TableHeader className="sticky top-0">
              <TableRow className="border-0">
                <TableHead className="px-3">User</TableHead>
                <TableHead className="px-3">Email</TableHead>
                <TableHead className="px-3 text-right">Credits</TableHead>
                <TableHead className="px-3">Granted At</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="px-3 font-medium text-slate-900">{r.username}</TableCell>
                  <TableCell className="px-3 text-slate-700">{r.email || "-"}</TableCell>
                  <TableCell className="px-3 text-right tabular-nums">{formatCredits(r.creditsGranted)}</TableCell>
                  <TableCell className="whitespace-nowrap px-3 text-slate-700">
                    <time dateTime={r.grantedAt}>{format(new Date(r.grantedAt), DIRECT_GRANT.dateFormat)}</time>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>

      <div className="mt-6 flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </>
  );
}

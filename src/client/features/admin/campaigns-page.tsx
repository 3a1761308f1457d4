// /admin/bonus-credits: bonus credit campaigns (spec §2, §4, §5, §8). The list shows the derived
// status; Activate on drafts, Deactivate on running campaigns, Edit on any (the amount only before
// its first grant), Delete only without recipients.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { Pencil, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { type Campaign, type CampaignResponse, type CampaignsResponse, campaignStatus } from "../../../shared/admin";
import { QueryState } from "../../components/query-state";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Spinner } from "../../components/ui/spinner";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { apiRequest } from "../../lib/api";
import { errorText } from "../../lib/errors";
import { FRESH_ON_MOUNT } from "../../lib/query";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { useRefreshCredits } from "../credits/credits";
import { formatCredits } from "../credits/format";
import { useErrorToast } from "../credits/use-error-toast";
import { AdminGate } from "./admin-gate";
import { CampaignEditDialog } from "./campaign-edit-dialog";
import { CAMPAIGNS_KEY, CampaignForm } from "./campaign-form";
import { CampaignRecipientsDialog } from "./campaign-recipients-dialog";
import { CampaignStatusBadge } from "./campaign-status-badge";
import { campaignGrantedText } from "./grant-rules";

export function CampaignsPage() {
  return (
    <AdminGate>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Bonus Credit Campaigns</h1>
        <p className="text-slate-600">Give bonus credits to new sign-ups or to every user.</p>
      </header>
      <CampaignForm />
      <CampaignList />
    </AdminGate>
  );
}

type Action = "activate" | "deactivate" | "delete";

const ACTION_TEXT: Record<Action, { failed: string; done: string }> = {
  activate: { failed: "Failed to activate campaign", done: "Campaign Activated" },
  deactivate: { failed: "Failed to deactivate campaign", done: "Campaign Deactivated" },
  delete: { failed: "Failed to delete campaign", done: "Campaign Deleted" },
};

function CampaignList() {
  const queryClient = useQueryClient();
  const refreshCredits = useRefreshCredits();
  const campaigns = useQuery<CampaignsResponse>({ queryKey: CAMPAIGNS_KEY, ...FRESH_ON_MOUNT });
  useErrorToast(campaigns.error, "Failed to fetch campaigns");
  const [recipientsOf, setRecipientsOf] = useState<Campaign | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<Campaign | null>(null);
  const [editOf, setEditOf] = useState<Campaign | null>(null);

  const act = useMutation({
    mutationFn: ({ action, campaign }: { action: Action; campaign: Campaign }) =>
      action === "delete"
        ? apiRequest<{ message?: string }>("DELETE", `/api/admin/campaigns/${campaign.id}`)
        : apiRequest<CampaignResponse>("POST", `/api/admin/campaigns/${campaign.id}/${action}`, {}),
    onSuccess: async (res, { action, campaign }) => {
      const granted = action === "activate" ? ((res as CampaignResponse | null)?.granted ?? 0) : 0;
      const detail =
        action === "activate"
          ? granted > 0
            ? campaignGrantedText(campaign.name, granted, campaign.creditAmount)
            : `"${campaign.name}" is active.`
          : action === "deactivate"
            ? `"${campaign.name}" no longer grants credits.`
            : `"${campaign.name}" was deleted.`;
      toast.success(ACTION_TEXT[action].done, detail);
      setConfirmDelete(null);
      await refreshQueries(queryClient, { queryKey: CAMPAIGNS_KEY });
      if (granted > 0) await refreshCredits();
    },
    onError: (err, { action }) => {
      setConfirmDelete(null);
      toast.error(ACTION_TEXT[action].failed, errorText(err, "Please try again"));
      void refreshQueries(queryClient, { queryKey: CAMPAIGNS_KEY });
    },
  });
  const busy = (action: Action, c: Campaign) =>
    act.isPending && act.variables?.campaign.id === c.id && act.variables.action === action;

  const now = new Date();
  const rows = campaigns.data?.campaigns ?? [];

  return (
    <Card role="region" aria-labelledby="campaigns-title">
      <CardHeader>
        <CardTitle id="campaigns-title">Campaigns</CardTitle>
        <CardDescription>
          Newest first. A campaign that has credited anyone can be deactivated, not deleted.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={campaigns}
          loading="Loading campaigns"
          error="Failed to fetch campaigns."
          retry
          isEmpty={(d) => d.campaigns.length === 0}
          empty="No campaigns yet. Create one above."
        >
          {() => (
            <Table stacked aria-label="Campaigns">
              <TableCaption className="sr-only">Bonus credit campaigns</TableCaption>
              <TableHeader className="bg-transparent">
                <TableRow className="border-0">
                  <TableHead className="px-3">Campaign</TableHead>
                  <TableHead className="px-3">Status</TableHead>
                  <TableHead className="px-3 text-right">Credits</TableHead>
                  <TableHead className="px-3 text-right">Recipients</TableHead>
                  <TableHead className="px-3">Dates</TableHead>
                  <TableHead className="px-3 text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((c) => {
                  const status = campaignStatus(c, now);
                  return (
                    <TableRow key={c.id} className="align-top" data-testid="campaign-row">
                      <TableCell label="" className="px-3 py-3 max-sm:!block max-sm:text-left">
                        <p className="font-medium text-slate-900">{c.name}</p>
                        <p className="text-xs text-slate-600">
                          {c.campaignType === "all_users" ? "All users" : "New sign-ups"}
                          {c.description ? ` · ${c.description}` : ""}
                        </p>
                      </TableCell>
                      <TableCell label="Status" className="px-3 py-3">
                        <CampaignStatusBadge status={status} />
                      </TableCell>
                      <TableCell label="Credits" className="px-3 py-3 text-right tabular-nums">
                        {formatCredits(c.creditAmount)}
                      </TableCell>
                      <TableCell label="Recipients" className="whitespace-nowrap px-3 py-3 text-right tabular-nums">
                        {formatCredits(c.currentRecipients)} /{" "}
                        {c.maxRecipients == null ? "∞" : formatCredits(c.maxRecipients)}
                        {c.maxRecipients == null && <span className="sr-only"> (no limit)</span>}
                      </TableCell>
                      <TableCell label="Dates" className="px-3 py-3 text-slate-700 sm:whitespace-nowrap">
                        <time dateTime={c.startDate}>{format(new Date(c.startDate), "MMM d, yyyy")}</time>
                        {" – "}
                        {c.endDate ? (
                          <time dateTime={c.endDate}>{format(new Date(c.endDate), "MMM d, yyyy")}</time>
                        ) : (
                          "no end date"
                        )}
                      </TableCell>
                      <TableCell label="" className="px-3 py-3 max-sm:!block">
                        <div className="flex flex-wrap justify-end max-sm:justify-start gap-1.5">
                          {status === "draft" && (
                            <Button
                              size="sm"
                              variant="success"
                              disabled={act.isPending}
                              onClick={() => act.mutate({ action: "activate", campaign: c })}
                              aria-label={`Activate ${c.name}`}
                            >
                              {busy("activate", c) && <Spinner label="Activating" />}
                              Activate
                            </Button>
                          )}
                          {/* Spec §4 offers Deactivate on active; a scheduled campaign is active too, and an
                              admin must be able to call it off before it starts. */}
                          {(status === "active" || status === "scheduled") && (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={act.isPending}
                              onClick={() => act.mutate({ action: "deactivate", campaign: c })}
                              aria-label={`Deactivate ${c.name}`}
                            >
                              {busy("deactivate", c) && <Spinner label="Deactivating" />}
                              Deactivate
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setEditOf(c)}
                            aria-label={`Edit ${c.name}`}
                          >
                            <Pencil aria-hidden="true" />
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setRecipientsOf(c)}
                            aria-label={`View recipients of ${c.name}`}
                          >
                            <Users aria-hidden="true" />
                            Recipients
                          </Button>
                          {c.currentRecipients === 0 && (
                            <Button
                              size="sm"
                              variant="ghost"
                              className="text-red-700 hover:bg-red-50"
                              disabled={act.isPending}
                              onClick={() => setConfirmDelete(c)}
                              aria-label={`Delete ${c.name}`}
                            >
                              <Trash2 aria-hidden="true" />
                              Delete
                            </Button>
                          )}
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </QueryState>
      </CardContent>
      <CampaignRecipientsDialog campaign={recipientsOf} onClose={() => setRecipientsOf(null)} />
      <CampaignEditDialog campaign={editOf} onClose={() => setEditOf(null)} />
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => (open ? undefined : setConfirmDelete(null))}
        title="Delete campaign?"
        description={
          <>“{confirmDelete?.name}” has no recipients and will be removed for good. This cannot be undone.</>
        }
        confirmLabel="Delete Campaign"
        pending={act.isPending && act.variables?.action === "delete"}
        onConfirm={() => confirmDelete && act.mutate({ action: "delete", campaign: confirmDelete })}
      />
    </Card>
  );
}

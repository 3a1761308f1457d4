// Edit a campaign (issue 31): name, description, dates and cap; the credit amount only until the
// campaign has credited someone. PATCH /api/admin/campaigns/:id checks everything again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Campaign, CampaignResponse } from "../../../shared/admin";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { describedBy, Field, FormAlert, SubmitButton } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { apiRequest } from "../../lib/api";
import { errorText } from "../../lib/errors";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { useRefreshCredits } from "../credits/credits";
import { CAMPAIGNS_KEY } from "./campaign-form";
import { type CampaignEditValues, campaignEditBody, campaignEditValues } from "./campaign-form-schema";

export function CampaignEditDialog({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  return (
    <Dialog open={campaign !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg" aria-describedby="campaign-edit-desc">
        {campaign && <EditBody campaign={campaign} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditBody({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const refreshCredits = useRefreshCredits();
  const [values, setValues] = useState<CampaignEditValues>(() => campaignEditValues(campaign));
  const [error, setError] = useState<string | undefined>();
  const amountFixed = campaign.currentRecipients > 0;

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest<CampaignResponse>("PATCH", `/api/admin/campaigns/${campaign.id}`, body),
    onSuccess: async (res) => {
      toast.success("Campaign Updated", res?.message ?? `"${campaign.name}" was updated.`);
      await refreshQueries(queryClient, { queryKey: CAMPAIGNS_KEY });
      if (res?.granted) await refreshCredits();
      onClose();
    },
    onError: (err) => setError(errorText(err, "Failed to update campaign")),
  });

  const input = (name: keyof CampaignEditValues) => ({
    ...describedBy(`${ids}-${name}`, {}),
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setError(undefined);
      setValues((v) => ({ ...v, [name]: e.target.value }));
    },
  });

  return (
    <>
      <DialogTitle>Edit campaign</DialogTitle>
      <DialogDescription id="campaign-edit-desc">
        {campaign.campaignType === "all_users" ? "All users" : "New sign-ups"} · {campaign.name}
      </DialogDescription>
      <form
        noValidate
        aria-label="Edit campaign"
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          const body = campaignEditBody(campaign, values);
          if (Object.keys(body).length === 0) return onClose();
          save.mutate(body);
        }}
      >
        <Field id={`${ids}-name`} label="Campaign name" className="sm:col-span-2">
          <Input {...input("name")} />
        </Field>
        <Field id={`${ids}-description`} label="Description (optional)" className="sm:col-span-2">
          <Textarea rows={2} {...input("description")} />
        </Field>
        <Field
          id={`${ids}-creditAmount`}
          label="Credits per user"
          hint={amountFixed ? "Fixed: the campaign has already credited users." : undefined}
        >
          <Input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            disabled={amountFixed}
            {...input("creditAmount")}
            {...describedBy(`${ids}-creditAmount`, { hint: amountFixed ? "hint" : undefined })}
          />
        </Field>
        <Field id={`${ids}-maxRecipients`} label="Max recipients (optional)">
          <Input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder="No limit"
            {...input("maxRecipients")}
          />
        </Field>
        <Field id={`${ids}-startDate`} label="Start date">
          <Input type="date" {...input("startDate")} />
        </Field>
        <Field id={`${ids}-endDate`} label="End date (optional)">
          <Input type="date" {...input("endDate")} />
        </Field>
        <div className="sm:col-span-2">
          <FormAlert message={error} />
        </div>
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton pending={save.isPending}>Save changes</SubmitButton>
        </div>
      </form>
    </>
  );
}

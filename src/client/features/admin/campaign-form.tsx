// The create-campaign form (spec §5): name required; credit amount a whole number ≥ 1 (default 50);
// type new_signups or all_users; max recipients optional ≥ 1; start date (today) required; end date
// optional; 'Activate immediately' off by default.
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { CampaignCreate, CampaignResponse } from "../../../shared/admin";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FieldError, Input, Label, NativeSelect, Textarea } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { apiPost } from "../../lib/api";
import { errorText } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useRefreshCredits } from "../credits/credits";
import { formatCredits } from "../credits/format";
import {
  CampaignFormSchema,
  type CampaignFormValues,
  campaignFormDefaults,
  campaignRequestBody,
} from "./campaign-form-schema";

export const CAMPAIGNS_KEY = ["/api/admin/campaigns"] as const;

export function CampaignForm() {
  const ids = useId();
  const queryClient = useQueryClient();
  const refreshCredits = useRefreshCredits();
  const form = useForm<CampaignFormValues, unknown, CampaignCreate>({
    resolver: zodResolver(CampaignFormSchema as never) as never,
    defaultValues: campaignFormDefaults(),
  });
  const { errors } = form.formState;

  const create = useMutation({
    mutationFn: (v: CampaignCreate) => apiPost<CampaignResponse>("/api/admin/campaigns", campaignRequestBody(v)),
    onSuccess: async (res, v) => {
      const granted = res?.granted ?? 0;
      toast.success(
        "Campaign Created",
        granted > 0
          ? `"${v.name}" is active: ${formatCredits(granted)} users received ${formatCredits(v.creditAmount)} credits each.`
          : v.active
            ? `"${v.name}" was created and activated.`
            : `"${v.name}" was created as a draft.`,
      );
      form.reset(campaignFormDefaults());
      await queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      if (granted > 0) await refreshCredits();
    },
    onError: (err) => toast.error("Failed to create campaign", errorText(err, "Please try again")),
  });

  const field = (name: keyof CampaignFormValues) => ({
    id: `${ids}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${ids}-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <Card role="region" aria-labelledby={`${ids}-title`}>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>Create Campaign</CardTitle>
        <CardDescription>
          New sign-ups campaigns credit each account created while they run; all users campaigns credit every existing
          account when activated.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Create campaign"
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((v) => create.mutate(v))}
        >
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={`${ids}-name`}>Campaign name</Label>
            <Input placeholder="e.g. Spring launch bonus" {...field("name")} />
            <FieldError id={`${ids}-name-error`} message={errors.name?.message} />
          </div>
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={`${ids}-description`}>Description (optional)</Label>
            <Textarea rows={2} {...field("description")} />
            <FieldError id={`${ids}-description-error`} message={errors.description?.message} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-creditAmount`}>Credits per user</Label>
            <Input type="number" min={1} step={1} inputMode="numeric" {...field("creditAmount")} />
            <FieldError id={`${ids}-creditAmount-error`} message={errors.creditAmount?.message} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-campaignType`}>Campaign type</Label>
            <NativeSelect {...field("campaignType")}>
              <option value="new_signups">New sign-ups</option>
              <option value="all_users">All users</option>
            </NativeSelect>
            <FieldError id={`${ids}-campaignType-error`} message={errors.campaignType?.message} />
            {form.watch("campaignType") === "all_users" && (
              <p className="text-xs text-amber-800">
                Activating it credits every existing account at once (a scheduled one, when its start date comes).
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-maxRecipients`}>Max recipients (optional)</Label>
            <Input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              placeholder="No limit"
              {...field("maxRecipients")}
            />
            <FieldError id={`${ids}-maxRecipients-error`} message={errors.maxRecipients?.message} />
          </div>
          <div className="hidden sm:block" />
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-startDate`}>Start date</Label>
            <Input type="date" {...field("startDate")} />
            <FieldError id={`${ids}-startDate-error`} message={errors.startDate?.message} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-endDate`}>End date (optional)</Label>
            <Input type="date" {...field("endDate")} />
            <FieldError id={`${ids}-endDate-error`} message={errors.endDate?.message} />
          </div>
          <div className="flex items-center gap-2 sm:col-span-2">
            <input
              type="checkbox"
              id={`${ids}-active`}
              className="size-4 rounded border-slate-300 accent-brand-700"
              {...form.register("active")}
            />
            <Label htmlFor={`${ids}-active`}>Activate immediately</Label>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner label="Creating campaign" />}
              {create.isPending ? "Creating..." : "Create Campaign"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

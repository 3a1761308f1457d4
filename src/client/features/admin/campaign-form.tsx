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
import { Field, formFields } from "../../components/ui/field";
import { Input, Label, NativeSelect, Textarea } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { apiPost } from "../../lib/api";
import { errorText } from "../../lib/errors";
import { refreshQueries } from "../../lib/refresh";
import { toast } from "../../lib/toast";
import { useRefreshCredits } from "../credits/credits";
import {
  CampaignFormSchema,
  type CampaignFormValues,
  campaignFormDefaults,
  campaignRequestBody,
} from "./campaign-form-schema";
import { campaignGrantedText } from "./grant-rules";

export const CAMPAIGNS_KEY = ["/api/admin/campaigns"] as const;

export function CampaignForm() {
  const ids = useId();
  const queryClient = useQueryClient();
  const refreshCredits = useRefreshCredits();
  const form = useForm<CampaignFormValues, unknown, CampaignCreate>({
    resolver: zodResolver(CampaignFormSchema as never) as never,
    defaultValues: campaignFormDefaults(),
  });

  const create = useMutation({
    mutationFn: (v: CampaignCreate) => apiPost<CampaignResponse>("/api/admin/campaigns", campaignRequestBody(v)),
    onSuccess: async (res, v) => {
      const granted = res?.granted ?? 0;
      toast.success(
        "Campaign Created",
        granted > 0
          ? campaignGrantedText(v.name, granted, v.creditAmount)
          : v.active
            ? `"${v.name}" was created and activated.`
            : `"${v.name}" was created as a draft.`,
      );
      form.reset(campaignFormDefaults());
      await refreshQueries(queryClient, { queryKey: CAMPAIGNS_KEY });
      if (granted > 0) await refreshCredits();
    },
    onError: (err) => toast.error("Failed to create campaign", errorText(err, "Please try again")),
  });

  const { field, control } = formFields(form, ids);

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
          <Field {...field("name")} label="Campaign name" className="sm:col-span-2">
            <Input placeholder="e.g. Spring launch bonus" {...control("name")} />
          </Field>
          <Field {...field("description")} label="Description (optional)" className="sm:col-span-2">
            <Textarea rows={2} {...control("description")} />
          </Field>
          <Field {...field("creditAmount")} label="Credits per user">
            <Input type="number" min={1} step={1} inputMode="numeric" {...control("creditAmount")} />
          </Field>
          <Field {...field("campaignType")} label="Campaign type">
            <NativeSelect {...control("campaignType")}>
              <option value="new_signups">New sign-ups</option>
              <option value="all_users">All users</option>
            </NativeSelect>
            {form.watch("campaignType") === "all_users" && (
              <p className="text-xs text-amber-800">
                Activating it credits every existing account at once (a scheduled one, when its start date comes).
              </p>
            )}
          </Field>
          <Field {...field("maxRecipients")} label="Max recipients (optional)">
            <Input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              placeholder="No limit"
              {...control("maxRecipients")}
            />
          </Field>
          <div className="hidden sm:block" />
          <Field {...field("startDate")} label="Start date">
            <Input type="date" {...control("startDate")} />
          </Field>
          <Field {...field("endDate")} label="End date (optional)">
            <Input type="date" {...control("endDate")} />
          </Field>
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

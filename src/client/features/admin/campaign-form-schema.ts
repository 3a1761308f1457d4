// The campaign form (spec §5) validated by the server's own CampaignCreateRequest, so its messages
// are written once. A date input gives a calendar day: the campaign starts at the beginning of that
// day and ends at the end of its end day, in the admin's own time zone.
import { format } from "date-fns";
import { z } from "zod";
import { type Campaign, type CampaignCreate, CampaignCreateRequest, type CampaignType } from "../../../shared/admin";
import { CAMPAIGN_DEFAULT_CREDITS } from "../../../shared/limits";

export interface CampaignFormValues {
  name: string;
  description: string;
  creditAmount: number | string;
  campaignType: CampaignType;
  maxRecipients: number | string;
  startDate: string;
  endDate: string;
  active: boolean;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'yyyy-MM-dd' → that day's first (or last) millisecond in local time; anything else unchanged. */
export function localDay(value: unknown, edge: "start" | "end"): unknown {
  if (typeof value !== "string") return value;
  const m = DAY.exec(value);
  if (!m) return value;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  return edge === "start" ? new Date(y, mo, d) : new Date(y, mo, d, 23, 59, 59, 999);
}

export const CampaignFormSchema = z.preprocess((v) => {
  if (!v || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  return { ...o, startDate: localDay(o.startDate, "start"), endDate: localDay(o.endDate, "end") };
}, CampaignCreateRequest);

export function campaignFormDefaults(today: Date = new Date()): CampaignFormValues {
  return {
    name: "",
    description: "",
    creditAmount: CAMPAIGN_DEFAULT_CREDITS,
    campaignType: "new_signups",
    maxRecipients: "",
    startDate: format(today, "yyyy-MM-dd"),
    endDate: "",
    active: false,
  };
}

/** The POST /api/admin/campaigns body (spec §7). */
export function campaignRequestBody(v: CampaignCreate) {
  return {
    name: v.name,
    description: v.description,
    creditAmount: v.creditAmount,
    campaignType: v.campaignType,
    maxRecipients: v.maxRecipients ?? null,
    startDate: v.startDate.toISOString(),
    endDate: v.endDate ? v.endDate.toISOString() : null,
    active: v.active,
  };
}

/** The edit dialog's fields (issue 31): text as the inputs hold it; dates as local calendar days. */
export interface CampaignEditValues {
  name: string;
  description: string;
  creditAmount: string;
  maxRecipients: string;
  startDate: string;
  endDate: string;
}

const day = (iso: string | null) => (iso ? format(new Date(iso), "yyyy-MM-dd") : "");

export function campaignEditValues(c: Campaign): CampaignEditValues {
  return {
    name: c.name,
    description: c.description,
    creditAmount: String(c.creditAmount),
    maxRecipients: c.maxRecipients == null ? "" : String(c.maxRecipients),
    startDate: day(c.startDate),
    endDate: day(c.endDate),
  };
}

/**
 * The PATCH /api/admin/campaigns/:id body: only what the admin changed (an unchanged day keeps the
 * stored time), "" clearing the optional fields; the server validates it.
 */
export function campaignEditBody(c: Campaign, v: CampaignEditValues): Record<string, unknown> {
  const before = campaignEditValues(c);
  const body: Record<string, unknown> = {};
  if (v.name.trim() !== before.name) body.name = v.name;
  if (v.description.trim() !== before.description) body.description = v.description;
  if (v.creditAmount.trim() !== before.creditAmount) body.creditAmount = v.creditAmount.trim();
  if (v.maxRecipients.trim() !== before.maxRecipients) body.maxRecipients = v.maxRecipients.trim();
  const asIso = (value: string, edge: "start" | "end") => {
    const d = localDay(value, edge);
    return d instanceof Date ? d.toISOString() : value;
  };
  if (v.startDate !== before.startDate) body.startDate = asIso(v.startDate, "start");
  if (v.endDate !== before.endDate) body.endDate = v.endDate ? asIso(v.endDate, "end") : null;
  return body;
}

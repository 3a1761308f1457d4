// Admin requests, responses, rules and texts (spec §3, §4, §5, §8, §9): bonus campaigns and direct grants.
import { z } from "zod";
import { int, timestamp } from "./api-schemas";
import { CAMPAIGN_DEFAULT_CREDITS, DIRECT_GRANT } from "./limits";

export const CAMPAIGN_TYPES = ["new_signups", "all_users"] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
const CAMPAIGN_STATUSES = ["draft", "scheduled", "expired", "completed", "active"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const ADMIN_MESSAGES = {
  campaignNameRequired: "Campaign name is required",
  creditAmountInvalid: "Credit amount must be a whole number of at least 1",
  campaignTypeInvalid: "Campaign type must be new_signups or all_users",
  maxRecipientsInvalid: "Max recipients must be a whole number of at least 1",
  startDateRequired: "Start date is required",
  startDateInvalid: "Start date must be a valid date (years 2000 to 9999)",
  endDateInvalid: "End date must be a valid date (years 2000 to 9999)",
  endBeforeStart: "End date must be after the start date",
  campaignNotFound: "Campaign not found",
  campaignHasRecipients: "This campaign has recipients and cannot be deleted. Deactivate it instead.",
  searchTooShort: `Search needs at least ${DIRECT_GRANT.searchMinChars} characters`,
  selectUsers: "Select at least one user",
  grantAmountInvalid: `Credit amount must be a whole number from ${DIRECT_GRANT.minAmount} to ${DIRECT_GRANT.maxAmount}`,
  reasonRequired: "Reason for grant is required",
  reasonTooLong: `Reason must be ${DIRECT_GRANT.reasonMax} characters or fewer`,
  userNotFound: "User not found",
  nothingToEdit: "Nothing to change: send name, description, creditAmount, maxRecipients, startDate or endDate",
  notEditable: "Only the name, description, credit amount, max recipients and dates can be edited",
  amountAfterGrant: "The credit amount cannot change once the campaign has granted credits",
  capBelowRecipients: (n: number) => `Max recipients cannot be below the ${n} already credited`,
} as const;

/** "" and null from a form mean "not given". */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** PostgreSQL's integer: ids and counts past it are refused before they reach SQL. */
export const PG_INT_MAX = 2_147_483_647;
/** Campaign dates a database stores and a person means: years 2000 to 9999. */
const DATE_MIN = Date.UTC(2000, 0, 1);
const DATE_MAX = Date.UTC(10_000, 0, 1) - 1;

const dateInput = (invalid: string) =>
  z.union([z.string(), z.date()], { message: invalid }).transform((v, ctx) => {
    const d = v instanceof Date ? v : new Date(v);
    if (Number.isNaN(d.getTime()) || d.getTime() < DATE_MIN || d.getTime() > DATE_MAX) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return d;
  });

export const CampaignCreateRequest = z
  .object({
    name: z
      .string({ message: ADMIN_MESSAGES.campaignNameRequired })
      .trim()
      .min(1, { message: ADMIN_MESSAGES.campaignNameRequired })
      .max(200),
    description: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()).transform((v) => v ?? ""),
    creditAmount: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? CAMPAIGN_DEFAULT_CREDITS : v),
      z.coerce
        .number({ message: ADMIN_MESSAGES.creditAmountInvalid })
        .int({ message: ADMIN_MESSAGES.creditAmountInvalid })
        .min(1, { message: ADMIN_MESSAGES.creditAmountInvalid })
        .max(1_000_000, { message: ADMIN_MESSAGES.creditAmountInvalid }),
    ),
    campaignType: z.enum(CAMPAIGN_TYPES, { message: ADMIN_MESSAGES.campaignTypeInvalid }),
    maxRecipients: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ message: ADMIN_MESSAGES.maxRecipientsInvalid })
        .int({ message: ADMIN_MESSAGES.maxRecipientsInvalid })
        .min(1, { message: ADMIN_MESSAGES.maxRecipientsInvalid })
        .max(PG_INT_MAX, { message: ADMIN_MESSAGES.maxRecipientsInvalid })
        .optional(),
    ),
    startDate: z.preprocess(blankToUndefined, dateInput(ADMIN_MESSAGES.startDateInvalid).optional()),
    endDate: z.preprocess(blankToUndefined, dateInput(ADMIN_MESSAGES.endDateInvalid).optional()),
    active: z.boolean().default(false),
    /** all_users only: grant just these users instead of everyone. */
    specificUserIds: z.preprocess(blankToUndefined, z.array(z.string().min(1)).max(10_000).optional()),
  })
  // Object-level: zod skips a missing optional key's own checks.
  .refine((v) => v.startDate !== undefined, { message: ADMIN_MESSAGES.startDateRequired, path: ["startDate"] })
  .refine((v) => !v.endDate || !v.startDate || v.endDate > v.startDate, {
    message: ADMIN_MESSAGES.endBeforeStart,
    path: ["endDate"],
  })
  .transform((v) => ({ ...v, startDate: v.startDate as Date }));
export type CampaignCreateRequest = z.input<typeof CampaignCreateRequest>;
export type CampaignCreate = z.output<typeof CampaignCreateRequest>;

const CAMPAIGN_EDITABLE = ["name", "description", "creditAmount", "maxRecipients", "startDate", "endDate"] as const;

/**
 * PATCH /api/admin/campaigns/:id (issue 31): any of the editable fields. "" or null clears
 * maxRecipients and endDate; the type, the specific users and the state (activate/deactivate) are
 * not edited here. Checks that need the stored campaign (end after start, cap not below recipients,
 * amount only before the first grant) are the service's.
 */
export const CampaignUpdateRequest = z
  .record(z.string(), z.unknown(), { message: ADMIN_MESSAGES.nothingToEdit })
  .superRefine((v, ctx) => {
    if (Object.keys(v).some((k) => !(CAMPAIGN_EDITABLE as readonly string[]).includes(k)))
      ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.notEditable });
    else if (Object.keys(v).length === 0) ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.nothingToEdit });
  })
  .pipe(
    z.object({
      name: z
        .string({ message: ADMIN_MESSAGES.campaignNameRequired })
        .trim()
        .min(1, { message: ADMIN_MESSAGES.campaignNameRequired })
        .max(200)
        .optional(),
      description: z.preprocess((v) => (v === null ? "" : v), z.string().trim().max(2000).optional()),
      creditAmount: z.coerce
        .number({ message: ADMIN_MESSAGES.creditAmountInvalid })
        .int({ message: ADMIN_MESSAGES.creditAmountInvalid })
        .min(1, { message: ADMIN_MESSAGES.creditAmountInvalid })
        .max(1_000_000, { message: ADMIN_MESSAGES.creditAmountInvalid })
        .optional(),
      maxRecipients: z.preprocess(
        (v) => (v === "" ? null : v),
        z.coerce
          .number({ message: ADMIN_MESSAGES.maxRecipientsInvalid })
          .int({ message: ADMIN_MESSAGES.maxRecipientsInvalid })
          .min(1, { message: ADMIN_MESSAGES.maxRecipientsInvalid })
          .max(PG_INT_MAX, { message: ADMIN_MESSAGES.maxRecipientsInvalid })
          .nullable()
          .optional(),
      ),
      startDate: dateInput(ADMIN_MESSAGES.startDateInvalid).optional(),
      endDate: z.preprocess(
        (v) => (v === "" ? null : v),
        dateInput(ADMIN_MESSAGES.endDateInvalid).nullable().optional(),
      ),
    }),
  );
export type CampaignUpdate = z.output<typeof CampaignUpdateRequest>;

export const CampaignIdParam = z.object({
  id: z.coerce
    .number({ message: ADMIN_MESSAGES.campaignNotFound })
    .int({ message: ADMIN_MESSAGES.campaignNotFound })
    .positive({ message: ADMIN_MESSAGES.campaignNotFound })
    .max(PG_INT_MAX, { message: ADMIN_MESSAGES.campaignNotFound }),
});

export const UserSearchQuery = z.object({
  query: z
    .string({ message: ADMIN_MESSAGES.searchTooShort })
    .trim()
    .min(DIRECT_GRANT.searchMinChars, { message: ADMIN_MESSAGES.searchTooShort })
    .max(200),
});

export const GrantHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const DirectGrantRequest = z.object({
  userIds: z
    .array(z.string().min(1), { message: ADMIN_MESSAGES.selectUsers })
    .min(1, { message: ADMIN_MESSAGES.selectUsers })
    .max(1000),
  creditAmount: z
    .number({ message: ADMIN_MESSAGES.grantAmountInvalid })
    .int({ message: ADMIN_MESSAGES.grantAmountInvalid })
    .min(DIRECT_GRANT.minAmount, { message: ADMIN_MESSAGES.grantAmountInvalid })
    .max(DIRECT_GRANT.maxAmount, { message: ADMIN_MESSAGES.grantAmountInvalid }),
  reason: z
    .string({ message: ADMIN_MESSAGES.reasonRequired })
    .trim()
    .min(1, { message: ADMIN_MESSAGES.reasonRequired })
    .max(DIRECT_GRANT.reasonMax, { message: ADMIN_MESSAGES.reasonTooLong }),
});
export type DirectGrantRequest = z.infer<typeof DirectGrantRequest>;

/** A campaign in the admin list (dates as ISO strings). */
const CampaignSchema = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  creditAmount: int,
  campaignType: z.enum(CAMPAIGN_TYPES),
  specificUserIds: z.array(z.string()).nullable(),
  maxRecipients: int.nullable(),
  currentRecipients: int,
  startDate: timestamp,
  endDate: timestamp.nullable(),
  active: z.boolean(),
  status: z.enum(CAMPAIGN_STATUSES),
  createdBy: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Campaign = z.infer<typeof CampaignSchema>;

/**
 * Spec §4: draft if not active; if active: scheduled when the start is in the future, expired when
 * the end is past, completed when recipients reached the maximum, otherwise active.
 */
export function campaignStatus(
  c: {
    active: boolean;
    startDate: Date | string;
    endDate: Date | string | null;
    maxRecipients: number | null;
    currentRecipients: number;
  },
  now: Date = new Date(),
): CampaignStatus {
  if (!c.active) return "draft";
  if (new Date(c.startDate).getTime() > now.getTime()) return "scheduled";
  if (c.endDate && new Date(c.endDate).getTime() < now.getTime()) return "expired";
  if (c.maxRecipients != null && c.currentRecipients >= c.maxRecipients) return "completed";
  return "active";
}

export const CampaignsResponseSchema = z.object({ success: z.literal(true), campaigns: z.array(CampaignSchema) });
export type CampaignsResponse = z.infer<typeof CampaignsResponseSchema>;

/** POST /api/admin/campaigns (201), PATCH …/:id, POST …/:id/activate and …/:id/deactivate. */
export const CampaignResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  campaign: CampaignSchema,
  /** Users credited by this call (all_users activation); 0 otherwise. */
  granted: int.nonnegative(),
});
export type CampaignResponse = z.infer<typeof CampaignResponseSchema>;

/** DELETE /api/admin/campaigns/:id */
export const CampaignDeletedSchema = z.object({ success: z.literal(true), message: z.string() });

const CampaignRecipientSchema = z.object({
  id: int,
  userId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  creditsGranted: int,
  grantedAt: timestamp,
});
export type CampaignRecipient = z.infer<typeof CampaignRecipientSchema>;

export const RecipientsResponseSchema = z.object({
  success: z.literal(true),
  recipients: z.array(CampaignRecipientSchema),
});
export type RecipientsResponse = z.infer<typeof RecipientsResponseSchema>;

const SearchableUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  currentCredits: int,
});
export type SearchableUser = z.infer<typeof SearchableUserSchema>;

export const UserSearchResponseSchema = z.object({ success: z.literal(true), users: z.array(SearchableUserSchema) });
export type UserSearchResponse = z.infer<typeof UserSearchResponseSchema>;

const GrantHistoryEntrySchema = z.object({
  id: int,
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  reason: z.string(),
  creditsGranted: int,
  grantedAt: timestamp,
  grantedBy: z.string().nullable(),
});
export type GrantHistoryEntry = z.infer<typeof GrantHistoryEntrySchema>;

export const GrantHistoryResponseSchema = z.object({
  success: z.literal(true),
  history: z.array(GrantHistoryEntrySchema),
});
export type GrantHistoryResponse = z.infer<typeof GrantHistoryResponseSchema>;

const DirectGrantResultSchema = z.object({
  userId: z.string(),
  success: z.boolean(),
  error: z.string().optional(),
  /** The user's available credits after the grant (on success). */
  newBalance: int.optional(),
});
export type DirectGrantResult = z.infer<typeof DirectGrantResultSchema>;

export const DirectGrantResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  results: z.array(DirectGrantResultSchema),
});
export type DirectGrantResponse = z.infer<typeof DirectGrantResponseSchema>;

/** GET /api/admin/status: notices for the operator (null when there is nothing to say). */
export const AdminStatusResponseSchema = z.object({
  /** Requests carry forwarding headers but TRUST_PROXY is unset: what that means and what to set. */
  untrustedProxy: z.string().nullable(),
});
export type AdminStatusResponse = z.infer<typeof AdminStatusResponseSchema>;

import { describe, expect, it } from "vitest";
import type { Campaign } from "../../../shared/admin";
import { ADMIN_MESSAGES } from "../../../shared/admin";
import {
  CampaignFormSchema,
  campaignEditBody,
  campaignEditValues,
  campaignFormDefaults,
  campaignRequestBody,
  localDay,
} from "./campaign-form-schema";

const today = new Date(2025, 5, 15, 10, 30);
const messages = (input: unknown) => {
  const r = CampaignFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the campaign form", () => {
  it("starts with spec §5's defaults: 50 credits, new sign-ups, today, not active", () => {
    expect(campaignFormDefaults(today)).toEqual({
      name: "",
      description: "",
      creditAmount: 50,
      campaignType: "new_signups",
      maxRecipients: "",
      startDate: "2025-06-15",
      endDate: "",
      active: false,
    });
  });

  it("needs a name", () => {
    expect(messages({ ...campaignFormDefaults(today), name: "  " })).toContain(
      `name: ${ADMIN_MESSAGES.campaignNameRequired}`,
    );
  });

  it("needs a whole credit amount of at least 1", () => {
    for (const creditAmount of ["0", "-3", "2.5", "abc"])
      expect(messages({ ...campaignFormDefaults(today), name: "Spring", creditAmount })).toContain(
        `creditAmount: ${ADMIN_MESSAGES.creditAmountInvalid}`,
      );
  });

  it("takes max recipients as optional, at least 1 when given", () => {
    expect(messages({ ...campaignFormDefaults(today), name: "Spring", maxRecipients: "" })).toEqual([]);
    expect(messages({ ...campaignFormDefaults(today), name: "Spring", maxRecipients: "0" })).toContain(
      `maxRecipients: ${ADMIN_MESSAGES.maxRecipientsInvalid}`,
    );
  });

  it("needs a start date, and an end date after it", () => {
    expect(messages({ ...campaignFormDefaults(today), name: "Spring", startDate: "" })).toContain(
      `startDate: ${ADMIN_MESSAGES.startDateRequired}`,
    );
    expect(
      messages({ ...campaignFormDefaults(today), name: "Spring", startDate: "2025-06-15", endDate: "2025-06-14" }),
    ).toContain(`endDate: ${ADMIN_MESSAGES.endBeforeStart}`);
    // A one-day campaign runs from the start of the day to its end.
    expect(messages({ ...campaignFormDefaults(today), name: "Spring", endDate: "2025-06-15" })).toEqual([]);
  });

  it("sends local calendar days as instants and leaves out what was not given", () => {
    const parsed = CampaignFormSchema.parse({
      ...campaignFormDefaults(today),
      name: " Spring ",
      creditAmount: "75",
      endDate: "2025-06-30",
    });
    const body = campaignRequestBody(parsed);
    expect(body).toMatchObject({
      name: "Spring",
      creditAmount: 75,
      campaignType: "new_signups",
      maxRecipients: null,
      active: false,
    });
    expect(body.startDate).toBe(new Date(2025, 5, 15).toISOString());
    expect(body.endDate).toBe(new Date(2025, 5, 30, 23, 59, 59, 999).toISOString());
  });

  it("reads a date input's value as a local day", () => {
    expect(localDay("2025-01-02", "start")).toEqual(new Date(2025, 0, 2));
    expect(localDay("", "start")).toBe("");
  });
});

describe("the campaign edit dialog (issue 31)", () => {
  const start = new Date(2025, 5, 1, 9, 15);
  const campaign: Campaign = {
    id: 7,
    name: "Spring",
    description: "",
    creditAmount: 50,
    campaignType: "new_signups",
    specificUserIds: null,
    maxRecipients: 10,
    currentRecipients: 0,
    startDate: start.toISOString(),
    endDate: null,
    active: true,
    status: "active",
    createdBy: null,
    createdAt: start.toISOString(),
    updatedAt: start.toISOString(),
  };

  it("fills the fields from the campaign, dates as local days", () => {
    expect(campaignEditValues(campaign)).toEqual({
      name: "Spring",
      description: "",
      creditAmount: "50",
      maxRecipients: "10",
      startDate: "2025-06-01",
      endDate: "",
    });
  });

  it("sends only what changed; an unchanged day keeps the stored time", () => {
    const values = campaignEditValues(campaign);
    expect(campaignEditBody(campaign, values)).toEqual({});
    expect(campaignEditBody(campaign, { ...values, name: " Spring " })).toEqual({});
    expect(campaignEditBody(campaign, { ...values, name: "Summer", maxRecipients: "" })).toEqual({
      name: "Summer",
      maxRecipients: "",
    });
    expect(campaignEditBody(campaign, { ...values, endDate: "2025-06-30", creditAmount: "60" })).toEqual({
      endDate: new Date(2025, 5, 30, 23, 59, 59, 999).toISOString(),
      creditAmount: "60",
    });
    expect(campaignEditBody(campaign, { ...values, startDate: "2025-06-02" })).toEqual({
      startDate: new Date(2025, 5, 2).toISOString(),
    });
    const ended = { ...campaign, endDate: new Date(2025, 6, 1).toISOString() };
    expect(campaignEditBody(ended, { ...campaignEditValues(ended), endDate: "" })).toEqual({ endDate: null });
  });
});

import { describe, expect, it } from "vitest";
import type { PublishResponse } from "../../../shared/publishing";
import { PublishRequest } from "../../../shared/publishing";
import {
  localDateTimeToIso,
  publishedTitle,
  publishFormDefaults,
  publishRequestBody,
  splitTerms,
} from "./publish-form";

describe("publish form", () => {
  it("splits categories and tags on commas, trimmed, without empties or repeats", () => {
    expect(splitTerms(" Baking, sourdough ,, baking,Bread ")).toEqual(["Baking", "sourdough", "Bread"]);
    expect(splitTerms("")).toEqual([]);
  });

  it("sends a draft by default, with only what was filled in", () => {
    const versionId = "3f2b8c1e-5d4a-4b6f-9e21-7c0d8a9b1f34";
    const body = publishRequestBody(publishFormDefaults("conn-1"), versionId);
    expect(body).toEqual({ connectionId: "conn-1", status: "draft", versionId });
    expect(PublishRequest.parse(body).status).toBe("draft");
  });

  it("sends publishAt only when scheduling, as an ISO instant the server accepts", () => {
    const at = "2099-05-01T09:30";
    const scheduled = publishRequestBody({ ...publishFormDefaults("c"), status: "future", publishAt: at });
    expect(scheduled.publishAt).toBe(new Date(at).toISOString());
    expect(PublishRequest.safeParse(scheduled).success).toBe(true);
    const now = publishRequestBody({ ...publishFormDefaults("c"), status: "publish", publishAt: at });
    expect(now.publishAt).toBeUndefined();
  });

  it("lets the server say when a schedule has no time", () => {
    const body = publishRequestBody({ ...publishFormDefaults("c"), status: "future" });
    const parsed = PublishRequest.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Choose when to publish");
  });

  it("reads a blank or broken date-time as none", () => {
    expect(localDateTimeToIso("")).toBeUndefined();
    expect(localDateTimeToIso("not a date")).toBeUndefined();
  });

  it("titles the toast by what the site did", () => {
    const r = (status: "draft" | "publish" | "future", updated: boolean) =>
      ({ publication: { status }, updated, notes: [] }) as unknown as PublishResponse;
    expect(publishedTitle(r("draft", false))).toBe("Saved as a draft");
    expect(publishedTitle(r("publish", true))).toBe("Published (the existing post was updated)");
    expect(publishedTitle(r("future", false))).toBe("Scheduled");
  });
});

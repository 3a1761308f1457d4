import { describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "../../shared/routes";
import { titleFor } from "./document-title";

describe("titleFor", () => {
  it("gives every page route its own title", () => {
    const titles = Object.values(PAGE_ROUTES)
      .filter((p) => p !== PAGE_ROUTES.oauthPopup && p !== PAGE_ROUTES.home)
      .map(titleFor);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titleFor("/billing")).toBe("Billing · Draftsmith");
    expect(titleFor("/billing/")).toBe("Billing · Draftsmith");
  });
  it("names document pages and unknown paths", () => {
    expect(titleFor("/documents/0b6a1c3e-1111-4222-8333-444455556666")).toBe("Document · Draftsmith");
    expect(titleFor("/nope")).toBe("Page Not Found · Draftsmith");
  });
});

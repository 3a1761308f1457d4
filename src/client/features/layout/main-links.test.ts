import { describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "../../../shared/routes";
import { mainLinks } from "./main-links";

describe("the header's page links", () => {
  it("shows Documents and New batch only to a signed-in user, between the full app and the console", () => {
    expect(mainLinks(false).map((l) => l.label)).toEqual(["Full app", "PROSE console", "Prompting guide"]);
    expect(mainLinks(true)).toEqual([
      { to: PAGE_ROUTES.generate, label: "Full app" },
      { to: PAGE_ROUTES.documents, label: "Documents" },
      { to: PAGE_ROUTES.newBatch, label: "New batch" },
      { to: PAGE_ROUTES.console, label: "PROSE console" },
      { to: PAGE_ROUTES.promptingGuide, label: "Prompting guide" },
    ]);
  });
});

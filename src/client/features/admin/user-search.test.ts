import { describe, expect, it } from "vitest";
import { searchFailureMessage } from "./user-search";

describe("the 'Search Failed' message", () => {
  it("passes on the server's own error text", () => {
    expect(
      searchFailureMessage(403, "application/json", JSON.stringify({ error: "This area is for administrators." })),
    ).toBe("This area is for administrators.");
  });

  it("says so, with the status, when the server answers with an HTML page", () => {
    expect(searchFailureMessage(404, "text/html; charset=utf-8", "<!doctype html><html></html>")).toMatch(
      /returned HTML instead of JSON \(status 404\)/,
    );
    expect(searchFailureMessage(502, "", "  <html>Bad gateway</html>")).toMatch(/HTML instead of JSON \(status 502\)/);
  });

  it("falls back to the status when there is nothing better", () => {
    expect(searchFailureMessage(500, "text/plain", "")).toBe("Failed to search users: 500");
    expect(searchFailureMessage(200, "application/json", "{}")).toBe("Failed to search users");
  });
});

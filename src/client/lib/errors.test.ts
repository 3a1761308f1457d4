import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { parseError } from "./errors";

const api = (status: number, error: string, code?: string) => new ApiError(status, JSON.stringify({ error, code }));

describe("parseError (spec §8 generation errors)", () => {
  it.each([
    [
      api(402, "Insufficient credits: this needs 4 credits and you have 1 available.", "INSUFFICIENT_CREDITS"),
      "Insufficient Credits",
      "insufficient-credits",
    ],
    [api(503, "The AI service is Overloaded right now", "PROVIDER_OVERLOADED"), "Servers Overloaded", "overloaded"],
    [
      api(503, "The AI service is temporarily unavailable", "PROVIDER_UNAVAILABLE"),
      "Service Unavailable",
      "unavailable",
    ],
    [api(502, "The AI provider refused our authentication", "PROVIDER_AUTH"), "Authentication Error", "authentication"],
    [
      api(502, "Your credit balance is too low to access the API", "PROVIDER_CREDIT"),
      "Credit Balance Too Low",
      "provider-credit",
    ],
    [api(400, "Content type is required", "VALIDATION"), "API Error", "api"],
    // By code, never by words: a message that mentions "overloaded" is not an overload.
    [api(400, "Title is overloaded with keywords", "VALIDATION"), "API Error", "api"],
    [api(502, "WordPress refused the authentication. Check the connection", "CONNECTION_REFUSED"), "API Error", "api"],
  ])("%s → %s", (err, title, kind) => {
    expect(parseError(err)).toMatchObject({ title, kind });
  });

  it("says the overloaded message in spec §8's words", () => {
    expect(parseError(api(503, "The AI service is overloaded right now", "PROVIDER_OVERLOADED")).message).toBe(
      "The long-form provider's servers are under high demand; wait 2-3 minutes and try again.",
    );
  });

  it("keeps the server's text for insufficient credits and other API errors", () => {
    expect(parseError(api(402, "Insufficient credits: needs 30", "INSUFFICIENT_CREDITS")).message).toBe(
      "Insufficient credits: needs 30",
    );
    expect(parseError(api(400, "Content type is required")).message).toBe("Content type is required");
  });

  it("says 'Request Failed' with the raw text when the answer is not JSON", () => {
    expect(parseError(new ApiError(500, "<html>oops</html>"))).toMatchObject({
      title: "Request Failed",
      message: "<html>oops</html>",
    });
    expect(parseError(new Error(""))).toMatchObject({ title: "Request Failed", message: "Unknown error occurred" });
  });
});

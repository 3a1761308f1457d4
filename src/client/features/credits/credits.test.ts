import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { insufficientCreditsFrom, parseInsufficientCredits } from "./credits";

describe("reading the server's insufficient-credits error", () => {
  it("takes the required and available amounts from the 402 text", () => {
    expect(parseInsufficientCredits("Insufficient credits: this needs 12 credits and you have 3 available.")).toEqual({
      required: 12,
      available: 3,
    });
  });

  it("returns null for any other error", () => {
    expect(parseInsufficientCredits("Servers overloaded")).toBeNull();
  });

  it("reads a failed call's JSON body", () => {
    const err = new ApiError(
      402,
      JSON.stringify({ error: "Insufficient credits: this needs 30 credits and you have 0 available." }),
    );
    expect(insufficientCreditsFrom(err)).toEqual({ required: 30, available: 0 });
  });

  it("ignores failures that are not about credits", () => {
    expect(insufficientCreditsFrom(new ApiError(500, JSON.stringify({ error: "Something broke" })))).toBeNull();
    expect(insufficientCreditsFrom(new Error("network"))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { insufficientCreditsFrom } from "./credits";

describe("reading the server's insufficient-credits answer", () => {
  it("takes the required and available amounts from the 402 body's fields", () => {
    const err = new ApiError(
      402,
      JSON.stringify({
        error: "Insufficient credits: this needs 30 credits and you have 0 available.",
        code: "INSUFFICIENT_CREDITS",
        required: 30,
        available: 0,
      }),
    );
    expect(insufficientCreditsFrom(err)).toEqual({ required: 30, available: 0 });
  });

  it("reads the code and the fields, not the wording", () => {
    const err = new ApiError(
      402,
      JSON.stringify({ error: "Not enough", code: "INSUFFICIENT_CREDITS", required: 7, available: 2 }),
    );
    expect(insufficientCreditsFrom(err)).toEqual({ required: 7, available: 2 });
  });

  it("ignores failures that are not about credits", () => {
    expect(insufficientCreditsFrom(new ApiError(500, JSON.stringify({ error: "Something broke" })))).toBeNull();
    expect(insufficientCreditsFrom(new Error("network"))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { dismissVerifyBanner, isVerifyBannerDismissed } from "./verify-banner-dismissal";

function memory(): Pick<Storage, "getItem" | "setItem"> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

describe("the verify-e-mail banner's dismissal", () => {
  it("is remembered per account", () => {
    const s = memory();
    expect(isVerifyBannerDismissed("ada", s)).toBe(false);
    dismissVerifyBanner("ada", s);
    expect(isVerifyBannerDismissed("ada", s)).toBe(true);
    expect(isVerifyBannerDismissed("bob", s)).toBe(false);
  });

  it("shows the banner when storage is missing or throws", () => {
    expect(isVerifyBannerDismissed("ada", null)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(() => dismissVerifyBanner("ada", broken)).not.toThrow();
    expect(isVerifyBannerDismissed("ada", broken)).toBe(false);
  });
});

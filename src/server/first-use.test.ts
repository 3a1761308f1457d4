import { describe, expect, it } from "vitest";
import { firstUse } from "./first-use";

describe("firstUse", () => {
  it("loads nothing until the first call, then once for every call", async () => {
    let loads = 0;
    const heavy = firstUse(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    expect(heavy.made()).toBeUndefined();
    const [a, b] = await Promise.all([heavy.get(), heavy.get()]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(await heavy.made()).toBe(a);
  });

  it("keeps a failed load's rejection rather than loading again", async () => {
    let loads = 0;
    const broken = firstUse(async () => {
      loads++;
      throw new Error("no such module");
    });
    await expect(broken.get()).rejects.toThrow("no such module");
    await expect(broken.get()).rejects.toThrow("no such module");
    expect(loads).toBe(1);
  });
});

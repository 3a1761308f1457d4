import { describe, expect, it } from "vitest";
import { uniqueUsername, usernameFromEmail } from "./username";

describe("usernameFromEmail", () => {
  it.each([
    ["jo.doe@example.com", "jo_doe"],
    ["ANNA+news@example.com", "anna_news"],
    ["x@example.com", "x_user"],
    ["..@example.com", "user"],
    ["émile.zola@example.fr", "e_mile_zola"],
    ["averyveryverylonglocalpartthatgoeson@example.com", "averyveryverylonglocalpa"],
  ])("%s → %s", (email, expected) => {
    const name = usernameFromEmail(email);
    expect(name).toBe(expected);
    expect(name).toMatch(/^[a-z0-9_]{3,24}$/);
  });
});

describe("uniqueUsername", () => {
  it("keeps a free name and suffixes a taken one", async () => {
    expect(await uniqueUsername("ada", async () => false)).toBe("ada");
    const taken = new Set(["ada"]);
    const name = await uniqueUsername("ada", async (n) => taken.has(n));
    expect(name).toMatch(/^ada_\d{4,5}$/);
  });
});

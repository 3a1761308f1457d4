import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { onError } from "./errors";
import { type Check, checks, under } from "./middleware";
import type { AppEnv } from "./types";

describe("checks", () => {
  it("runs its checks in order, waits only for those that answer a promise, and stops at the first refusal", async () => {
    const seen: string[] = [];
    const sync: Check = () => {
      seen.push("sync");
    };
    const slow: Check = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push("slow");
    };
    const refuse: Check = (c) => {
      seen.push("refuse");
      if (c.req.query("no")) throw new AppError("FORBIDDEN", "Refused.");
    };
    const app = new Hono<AppEnv>()
      .use(
        checks(
          sync,
          slow,
          refuse,
          under("/admin", () => void seen.push("admin")),
        ),
      )
      .get("*", (c) => {
        seen.push("handler");
        return c.text("ok");
      });
    app.onError(onError);

    expect((await app.request("/admin/x")).status).toBe(200);
    expect(seen.splice(0)).toEqual(["sync", "slow", "refuse", "admin", "handler"]);
    expect((await app.request("/administrator")).status).toBe(200);
    expect(seen.splice(0)).toEqual(["sync", "slow", "refuse", "handler"]);
    const refused = await app.request("/admin?no=1");
    expect([refused.status, (await refused.json()).error]).toEqual([403, "Refused."]);
    expect(seen.splice(0)).toEqual(["sync", "slow", "refuse"]);
  });
});

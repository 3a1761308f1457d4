import { describe, expect, it } from "vitest";
import { SecretBox, SecretUnreadableError, secretHint } from "./secrets";

const KEY = "k".repeat(40);

describe("SecretBox", () => {
  it("round-trips a secret and never stores it in clear", () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal("abcd EFGH ijkl MNOP qrst UVWX", "conn-1");
    expect(sealed).not.toContain("abcd");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(box.open(sealed, "conn-1")).toBe("abcd EFGH ijkl MNOP qrst UVWX");
  });

  it("uses a fresh nonce every time", () => {
    const box = new SecretBox(KEY);
    expect(box.seal("same", "c")).not.toBe(box.seal("same", "c"));
  });

  it("refuses a ciphertext moved to another connection", () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal("token", "conn-1");
    expect(() => box.open(sealed, "conn-2")).toThrow(SecretUnreadableError);
  });

  it("refuses a tampered ciphertext", () => {
    const box = new SecretBox(KEY);
    const [v, n, c, t] = box.seal("shpat_0123456789", "c").split(".");
    const flipped = Buffer.from(c as string, "base64url");
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => box.open([v, n, flipped.toString("base64url"), t].join("."), "c")).toThrow(SecretUnreadableError);
  });

  it("cannot open what another key sealed (a changed ENCRYPTION_KEY says so)", () => {
    const sealed = new SecretBox(KEY).seal("token", "c");
    expect(() => new SecretBox("z".repeat(40)).open(sealed, "c")).toThrow(/ENCRYPTION_KEY/);
  });

  it("wants at least 32 characters of key material", () => {
    expect(() => new SecretBox("short")).toThrow(/32/);
  });
});

describe("secretHint", () => {
  it("shows only the last four characters", () => {
    expect(secretHint("abcd EFGH ijkl MNOP qrst 1234")).toBe("••••1234");
    expect(secretHint("shpat_deadbeefcafe9876")).toBe("••••9876");
  });
});

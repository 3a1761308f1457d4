import { randomInt } from "node:crypto";

/** A username from an e-mail's local part: lower-case letters, digits and underscores, 3–24 long. */
export function usernameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  let name = local
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, 24);
  if (name.length < 3) name = `${name || "user"}_${name ? "user" : ""}`.replace(/_$/, "").padEnd(3, "0");
  return name;
}

/** Appends digits until `taken` says no; the unique index stays the final judge. */
export async function uniqueUsername(base: string, taken: (name: string) => Promise<boolean>): Promise<string> {
  if (!(await taken(base))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base.slice(0, 24)}_${randomInt(1000, 99999)}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${base.slice(0, 16)}_${Date.now().toString(36)}`;
}

// `npm start` on a fresh clone builds first; later starts reuse the build unless sources are newer.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const outputs = ["dist/client/index.html", "dist/server/main.js"];
const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

const missing = outputs.some((f) => !existsSync(f));
const stale = !missing && newest("src") > Math.min(...outputs.map((f) => statSync(f).mtimeMs));
if (missing || stale) {
  console.log(missing ? "First start: building Draftsmith…" : "Sources changed: rebuilding Draftsmith…");
  execSync("npm run build", { stdio: "inherit" });
}

// `npm run bench`: every benchmark in bench/, each printing its figures against a baseline
// measured in the same run. Pass names to run some: npm run bench -- api bundle
// (load starts the built server as its own process: npm run build first.)
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const wanted = process.argv.slice(2);
const scripts = readdirSync("bench")
  .filter((f) => /\.(ts|mjs)$/.test(f) && f !== "run.mjs" && f !== "lighthouse.ts" && !f.startsWith("_"))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)));
let failed = 0;
for (const file of scripts) {
  console.log(`\n=== bench/${file}`);
  const r = spawnSync("npx", ["tsx", `bench/${file}`], { stdio: "inherit", env: process.env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

// For tests that read the code itself (the counting and number-format rules): every .ts/.tsx file
// under a folder, tests left out.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

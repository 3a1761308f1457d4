// The signed-in pages paint without zod (issue 30: mobile Lighthouse). zod and its form resolver are
// about 41 kB of gzip; these pages load them with a form's first check or a dialog's opening (a
// dynamic import), never with the page. This follows each page's static imports, as the bundler does,
// and names the chain that would pull zod in, so a new `import { Schema }` from a shared module fails
// here rather than in a Lighthouse run.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const CLIENT = join(__dirname);
const FEATURES = join(CLIENT, "features");

/** The pages that must not load zod up front, by their module. */
const PAGES = [
  "writing/results/results-page.tsx",
  "writing/full-app/full-app-page.tsx",
  "writing/console/console-page.tsx",
  "documents/documents-page.tsx",
  "documents/document-page.tsx",
  "billing/billing-page.tsx",
  "account/settings-page.tsx",
  "check/check-page.tsx",
];

const HEAVY = ["zod", "@hookform/resolvers/zod"];

// Static imports and re-exports; `import type` and imports of types only are erased by the compiler.
const STATIC = /^(?:import|export)\s+(type\s+)?(?:([^"';]*?)\s+from\s+)?"([^"]+)"/gm;

/** The modules a file loads with it (not its dynamic imports). */
function staticImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(STATIC)) {
    const [, typeOnly, names = "", spec] = m;
    if (typeOnly) continue;
    const braces = names.match(/^\{([^}]*)\}$/s);
    if (braces) {
      const list = braces[1]
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      if (list.length > 0 && list.every((n) => n.startsWith("type "))) continue;
    }
    out.push(spec);
  }
  return out;
}

function resolveFile(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const ext of [".ts", ".tsx", "/index.ts", "/index.tsx"]) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** The chain of modules from `file` to a heavy package, or null. */
function chainToHeavy(file: string, heavy = HEAVY, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const spec of staticImports(readFileSync(file, "utf8"))) {
    if (heavy.includes(spec)) return [spec];
    const next = resolveFile(file, spec);
    const rest = next && chainToHeavy(next, heavy, seen);
    if (next && rest) return [relative(CLIENT, next), ...rest];
  }
  return null;
}

describe("staticImports", () => {
  it("keeps value imports and re-exports, drops type-only ones", () => {
    const src = [
      'import { z } from "zod";',
      'import type { A } from "./a";',
      'import { type B, type C } from "./b";',
      'import { type D, e } from "./d";',
      'export { f } from "./f";',
      'import "./styles.css";',
      'const g = () => import("./lazy");',
    ].join("\n");
    expect(staticImports(src)).toEqual(["zod", "./d", "./f", "./styles.css"]);
  });
});

describe("signed-in pages load without zod", () => {
  it.each(PAGES)("%s", (page) => {
    expect(chainToHeavy(join(FEATURES, page))).toBeNull();
  });

  it("the check follows shared modules to zod (it would catch a regression)", () => {
    expect(chainToHeavy(join(FEATURES, "publishing/publish-form-view.tsx"))).toEqual([
      "../shared/publishing.ts",
      "zod",
    ]);
  });
});

// The Markdown parser (micromark, mdast, GFM: ~25 kB gzip) loads with the screens that open on a draft,
// and after the first render on those where a draft comes only once asked for (detection/use-draft-parser.ts).
describe("the full app and the console load the Markdown parser after their first render", () => {
  const PARSER = ["mdast-util-from-markdown"];
  it.each(["writing/full-app/full-app-page.tsx", "writing/console/console-page.tsx"])("%s", (page) => {
    expect(chainToHeavy(join(FEATURES, page), PARSER)).toBeNull();
  });

  it.each(["writing/results/results-page.tsx", "documents/document-page.tsx"])("%s loads it with its code", (page) => {
    expect(chainToHeavy(join(FEATURES, page), PARSER)).toContain("features/detection/draft-parser.ts");
  });
});

// The landing page (boot.tsx and what it imports) carries neither dialog nor banner that few visitors
// see: their UI loads the first time it is shown (issue 17's 150 kB budget).
describe("the landing page loads rarely shown UI on demand", () => {
  const RARE = ["./verify-email-banner-view", "./insufficient-credits-dialog-view"];
  it("boot.tsx reaches neither view statically", () => {
    expect(chainToHeavy(join(CLIENT, "boot.tsx"), RARE)).toBeNull();
  });

  it("the check reaches the layout and its banner's gate (it would catch a regression)", () => {
    expect(chainToHeavy(join(CLIENT, "boot.tsx"), ["../auth/verify-email-banner"])).toContain(
      "features/layout/layout.tsx",
    );
  });
});

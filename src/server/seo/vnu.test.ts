// Validity of both platform outputs with the Nu HTML Checker (vnu-jar), in one java run.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ACCEPTANCE_MD, RICH_MD } from "./fixtures";
import { produceSeoHtml } from "./html";

const VNU = process.env.VNU_JAR ?? resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body><article>${body}</article></body></html>`;

describe("Nu HTML Checker", () => {
  it("finds no errors in the WordPress and Shopify outputs", () => {
    const java = spawnSync("java", ["-version"], { stdio: "pipe" });
    if (java.error || java.status !== 0) {
      throw new Error(
        "java is not on PATH: the Nu HTML Checker (vnu-jar) needs a Java runtime (apt-get install default-jre-headless)",
      );
    }
    if (!existsSync(VNU)) throw new Error(`vnu.jar not found at ${VNU}: npm i -D vnu-jar, or set VNU_JAR`);
    const dir = mkdtempSync(join(tmpdir(), "seo-vnu-"));
    const files: string[] = [];
    const images = ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.jpg", "https://cdn.example.com/c.jpg"];
    for (const [name, md] of [
      ["rich", RICH_MD],
      ["acceptance", ACCEPTANCE_MD],
    ] as const) {
      for (const platform of ["wordpress", "shopify"] as const) {
        const r = produceSeoHtml({ markdown: md, platform, imageUrls: images, datePublished: "2025-03-04" });
        const f = join(dir, `${name}-${platform}.html`);
        writeFileSync(f, page(r.optimizedHtml));
        files.push(f);
      }
    }
    let out = "";
    try {
      execFileSync("java", ["-jar", VNU, "--errors-only", ...files], { stdio: "pipe", timeout: 60_000 });
    } catch (e) {
      const err = e as { stderr?: Buffer; stdout?: Buffer; message: string };
      out = `${err.stderr?.toString() ?? ""}${err.stdout?.toString() ?? ""}` || err.message;
    }
    expect(out).toBe("");
  }, 90_000);
});

// After `vite build`: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every
// compressible file of the client build, so the server sends compressed assets without compressing
// per request (app.ts serves them with serveStatic's `precompressed`).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = `${process.env.DIST_DIR ?? "dist"}/client`;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;

let files = 0;
let raw = 0;
let br = 0;
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const body = readFileSync(path);
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  files++;
  raw += body.length;
  br += brotli.length;
}
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} kB → ${(br / 1024).toFixed(0)} kB brotli`);

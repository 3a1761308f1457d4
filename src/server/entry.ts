// dist/server/main.js, what `npm start` runs (bundled by scripts/build-server.mjs): first the Node
// version, before any of the server's code is loaded (an older Node fails at once with one line
// saying what to do, not with a stack from deep inside a dependency); then V8's compile cache for
// the bundle (a start after the first skips compiling its 8 MB of JavaScript); then the server.
import module from "node:module";
import { fileURLToPath } from "node:url";
import { nodeVersionProblem } from "./node-version";

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
module.enableCompileCache?.(fileURLToPath(new URL("./compile-cache", import.meta.url)));
// Beside this file in the build; a computed specifier, so esbuild leaves it to Node.
const server = new URL("./server.js", import.meta.url).href;
await import(server);
module.flushCompileCache?.();

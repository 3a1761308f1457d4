// `npm start`: the build check (ensure-build.mjs: build on a fresh clone, rebuild when sources are
// newer) and then the server, in one Node process. As a prestart script the check was a Node
// process of its own, ~0.1 s of every start (twice that on a busy machine).
import "./ensure-build.mjs";

await import(new URL("../dist/server/main.js", import.meta.url).href);

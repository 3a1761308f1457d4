// How the server is bundled (scripts/build-server.mjs), shared with the benches that run library code
// as it ships (bench/_harness.ts runAsShipped): esbuild, ES modules for Node 24, dependencies
// inlined except the packages that must load from node_modules (see build-server.mjs).
export const SERVER_BUNDLE = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: [
    "@electric-sql/pglite",
    "@electric-sql/pglite/*",
    "piscina",
    "pino",
    "pino-pretty",
    "sonic-boom",
    "pg-native",
  ],
  // CommonJS dependencies call require() for Node's built-ins; an ES module bundle has none.
  banner: {
    js: [
      'import { createRequire as __dsCreateRequire } from "node:module";',
      "const require = __dsCreateRequire(import.meta.url);",
    ].join("\n"),
  },
  logLevel: "warning",
};

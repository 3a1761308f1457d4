import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup } from "vite";

type Bundle = Rollup.OutputBundle;

const reactRouterProduction = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

/** The bundle's entry chunk, when building. */
function entryOf(bundle: Bundle | undefined) {
  const entry = bundle && Object.values(bundle).find((c) => c.type === "chunk" && c.isEntry);
  return entry?.type === "chunk" ? entry : undefined;
}

/** `name` and every chunk it imports, transitively, into `into`, skipping what `skip` says. */
function addWithImports(
  bundle: Bundle,
  name: string,
  into: Set<string>,
  skip: (name: string) => boolean = () => false,
) {
  const chunk = bundle[name];
  if (chunk?.type !== "chunk" || into.has(name) || skip(name)) return;
  into.add(name);
  for (const i of chunk.imports) addWithImports(bundle, i, into, skip);
}

/**
 * main.tsx loads the app in stages with dynamic imports (one short task each): index.html preloads
 * every chunk of those stages, so the browser fetches them at once, as with static imports. At low
 * priority: the stylesheet (and so the first paint of the prerendered page) goes first.
 */
function preloadStages(): Plugin {
  return {
    name: "draftsmith:preload-stages",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const entry = entryOf(bundle);
        if (!bundle || !entry) return;
        const files = new Set<string>();
        for (const i of entry.dynamicImports) addWithImports(bundle, i, files, (name) => entry.imports.includes(name));
        return [...files].map((f) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, fetchpriority: "low", href: `/${f}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

/**
 * Each page's files (its chunk and the chunks it imports), by the page's module under src/client
 * without extension, as a JSON data block in index.html: src/client/page-files.ts preloads the page
 * opened and a link's page before React asks for them. A data block is not run (the CSP allows it).
 */
function pageFiles(): Plugin {
  return {
    name: "draftsmith:page-files",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const entry = entryOf(bundle);
        if (!bundle || !entry) return;
        // What index.html loads anyway (the entry and the stages main.tsx imports) is not listed again.
        const loaded = new Set<string>();
        addWithImports(bundle, entry.fileName, loaded);
        for (const i of entry.dynamicImports) addWithImports(bundle, i, loaded);
        const pages: Record<string, string[]> = {};
        for (const chunk of Object.values(bundle)) {
          const id = chunk.type === "chunk" && chunk.isDynamicEntry ? chunk.facadeModuleId : null;
          const page = id?.match(/\/src\/client\/(features\/.+-page|features\/pages\/[a-z-]+)\.tsx$/)?.[1];
          if (chunk.type !== "chunk" || !page) continue;
          const files = new Set<string>();
          addWithImports(bundle, chunk.fileName, files, (name) => loaded.has(name));
          pages[page] = [...files];
        }
        // A page's chunk is written without Vite's list of its files (build.modulePreload below):
        // every such chunk must be in this list, or nothing would preload what it imports.
        const listed = new Set(Object.values(pages).map((files) => files[0]));
        const unlisted = Object.keys(bundle).filter((name) => isPageChunk(name) && !listed.has(name));
        if (unlisted.length) throw new Error(`page chunks missing from the page-files list: ${unlisted.join(", ")}`);
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: "page-files" },
            children: JSON.stringify(pages),
            injectTo: "body" as const,
          },
        ];
      },
    },
  };
}

/** Whether a built file is a page's chunk (named after its module: `…-page-<hash>.js`, policy, prompting guide). */
function isPageChunk(file: string) {
  return /^assets\/([a-z-]+-page|policy|prompting-guide)-[\w-]+\.js$/.test(file);
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), preloadStages(), pageFiles()],
  publicDir: "public",
  resolve: {
    // react-router's package.json points every condition at its development build (warnings, dev
    // checks: remix-run/react-router#14102, #14753); the production build it ships beside it is
    // what a built app should run.
    alias: command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: `${process.env.DIST_DIR ?? "dist"}/client`,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Vite writes, beside each dynamic import, the list of files to preload with it. A page's chunk
    // (imported by routes.tsx on demand) is preloaded with its files from the page-files list instead
    // (page-files.ts: when the page opens, when a link to it is pointed at or focused, and when the
    // router moves to it), so that list is not written into the landing page's code a second time
    // (2.9 kB of file names in the boot chunk). Every other dynamic import keeps Vite's.
    modulePreload: {
      resolveDependencies: (file, deps) => (isPageChunk(file) ? deps.filter((d) => d.endsWith(".css")) : deps),
    },
    rollupOptions: {
      // A dependency's comment that Rollup cannot place (zod's /* @__PURE__ */ notes) is dropped, as
      // Rollup says; that is no news for whoever runs `npm start` the first time, so it is not printed.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    // The API of `npm run dev` (scripts/dev.mjs) listens on PORT, as the server of `npm start` does.
    proxy: { "/api": { target: `http://localhost:${process.env.PORT ?? 5000}`, changeOrigin: false } },
  },
}));

import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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
        const entry = bundle && Object.values(bundle).find((c) => c.type === "chunk" && c.isEntry);
        if (!bundle || !entry || entry.type !== "chunk") return;
        const files = new Set<string>();
        const add = (name: string) => {
          const chunk = bundle[name];
          if (chunk?.type !== "chunk" || files.has(name) || entry.imports.includes(name)) return;
          files.add(name);
          for (const i of chunk.imports) add(i);
        };
        for (const i of entry.dynamicImports) add(i);
        return [...files].map((f) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, fetchpriority: "low", href: `/${f}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadStages()],
  publicDir: "public",
  build: {
    outDir: `${process.env.DIST_DIR ?? "dist"}/client`,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
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
});

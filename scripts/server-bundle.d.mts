// Types of server-bundle.mjs for the TypeScript benches that import it.
import type { BuildOptions } from "esbuild";

export declare const SERVER_BUNDLE: BuildOptions;

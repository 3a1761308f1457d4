export * from "./auth";
export * from "./batches";
export * from "./credits";
export * from "./detection";
export * from "./documents";
export * from "./keys";
export * from "./publishing";
export * from "./writing";

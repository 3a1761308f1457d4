export * from "./auth";
export * from "./batches";
export * from "./credits";
export * from "./documents";
export * from "./publishing";
export * from "./writing";

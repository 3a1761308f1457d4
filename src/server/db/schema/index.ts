export * from "./auth";
export * from "./credits";
export * from "./documents";
export * from "./writing";

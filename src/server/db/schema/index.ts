export * from "./auth";
export * from "./credits";
export * from "./publishing";
export * from "./writing";

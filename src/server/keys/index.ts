// API keys (issue 28): the service, the /api/keys routes and the check that reads a key.
export { ApiKeysService, hashApiKey } from "./api-keys.service";
export { keyCaller } from "./key-caller";
export { keysRoutes } from "./keys.routes";

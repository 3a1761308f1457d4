// What other features may use of writing: the request history (api_requests), which detection
// reads and annotates.
export { attachDetectionToRequest, ownRequest } from "./request-history";

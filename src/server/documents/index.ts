// What other features may use of documents: the service that saves their output as versions.
export { DocumentsService, type VersionTarget } from "./documents.service";

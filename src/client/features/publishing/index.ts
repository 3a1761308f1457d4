// What other screens mount: the Settings section, the Publish dialog (document page, SEO panels) and
// the list of where a document is published (document page).
export { ConnectionsSection } from "./connections-section";
export { PublicationsList } from "./publications-list";
export { PublishDialog, type PublishDialogProps } from "./publish-dialog";

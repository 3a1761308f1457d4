// What other screens mount: the Settings section and the Publish dialog (document page, SEO panels).
export { ConnectionsSection } from "./connections-section";
export { PublishDialog, type PublishDialogProps } from "./publish-dialog";

// What other screens mount: the Publish dialog (document page, SEO panels; its form loads when it
// opens) and the list of where a document is published (document page). The connections section is
// the connections page's own (connections-page.tsx), so the pages above do not load its forms.
export { PublicationsList } from "./publications-list";
export { PublishDialog } from "./publish-dialog";
export type { PublishDialogProps } from "./publish-form";

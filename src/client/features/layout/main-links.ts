// The header's page links, in one place: the desktop bar (layout.tsx) and the phone menu's sheet
// (header-menus.tsx) list the same ones. Neither of those modules imports the other for them.
import { PAGE_ROUTES } from "../../../shared/routes";

export type MainLink = { to: string; label: string };

/** The pages in the header, for a visitor (signedIn false) or a signed-in user (Documents too). */
export function mainLinks(signedIn: boolean): MainLink[] {
  return [
    { to: PAGE_ROUTES.generate, label: "Full app" },
    ...(signedIn
      ? [
          { to: PAGE_ROUTES.documents, label: "Documents" },
          { to: PAGE_ROUTES.newBatch, label: "New batch" },
        ]
      : []),
    { to: PAGE_ROUTES.console, label: "PROSE console" },
    { to: PAGE_ROUTES.promptingGuide, label: "Prompting guide" },
  ];
}

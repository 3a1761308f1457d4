// One `<title>` per page ("Billing · Draftsmith"), chosen from the path by the layout so every
// route has one without each page remembering to set it.
import { PAGE_ROUTES } from "../../shared/routes";

const SITE = "Draftsmith";

const TITLES: Record<string, string> = {
  [PAGE_ROUTES.home]: "Draftsmith — blog drafts that read like you wrote them",
  [PAGE_ROUTES.product]: "Draftsmith — blog drafts that read like you wrote them",
  [PAGE_ROUTES.generate]: `Full app · ${SITE}`,
  [PAGE_ROUTES.results]: `Results · ${SITE}`,
  [PAGE_ROUTES.billing]: `Billing · ${SITE}`,
  [PAGE_ROUTES.billingSuccess]: `Payment · Billing · ${SITE}`,
  [PAGE_ROUTES.policy]: `User policy · ${SITE}`,
  [PAGE_ROUTES.promptingGuide]: `Prompting guide · ${SITE}`,
  [PAGE_ROUTES.console]: `PROSE console · ${SITE}`,
  [PAGE_ROUTES.adminCampaigns]: `Bonus Credit Campaigns · Admin · ${SITE}`,
  [PAGE_ROUTES.adminDirectGrant]: `Direct Credit Grant · Admin · ${SITE}`,
  [PAGE_ROUTES.settings]: `Settings · ${SITE}`,
  [PAGE_ROUTES.resetPassword]: `Reset password · ${SITE}`,
  [PAGE_ROUTES.signInLink]: `Sign in · ${SITE}`,
  [PAGE_ROUTES.documents]: `Documents · ${SITE}`,
  [PAGE_ROUTES.check]: `Check my text · ${SITE}`,
  [PAGE_ROUTES.settingsConnections]: `Connections · Settings · ${SITE}`,
  [PAGE_ROUTES.adminJobs]: `Jobs · Admin · ${SITE}`,
  [PAGE_ROUTES.newBatch]: `New batch · ${SITE}`,
};

/** The document title for a path; unknown paths are the 404 page. */
export function titleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const known = TITLES[path];
  if (known) return known;
  if (path.startsWith(`${PAGE_ROUTES.documents}/`)) return `Document · ${SITE}`;
  if (path.startsWith("/batches/")) return `Batch · ${SITE}`;
  return `Page Not Found · ${SITE}`;
}

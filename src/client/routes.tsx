import { lazy, Suspense } from "react";
import { createBrowserRouter } from "react-router";
import { PAGE_ROUTES } from "../shared/routes";
import { Spinner } from "./components/ui/spinner";
import { PopupComplete } from "./features/auth/popup-complete";
import { Layout } from "./features/layout/layout";
import { ComingSoon } from "./features/pages/coming-soon";
import { NotFoundPage } from "./features/pages/not-found";
import { PolicyPage } from "./features/pages/policy";
import { PromptingGuidePage } from "./features/pages/prompting-guide";
import { SettingsPage } from "./features/pages/settings";

const page = (element: React.ReactNode) => (
  <Suspense
    fallback={
      <div className="flex justify-center p-12">
        <Spinner className="size-6" />
      </div>
    }
  >
    {element}
  </Suspense>
);

// Screens that later issues fill load on demand, so the landing page stays light.
const Home = lazy(() => import("./features/home/home-page").then((m) => ({ default: m.HomePage })));

export const router = createBrowserRouter([
  { path: PAGE_ROUTES.oauthPopup, element: <PopupComplete /> },
  {
    element: <Layout />,
    children: [
      { path: PAGE_ROUTES.home, element: page(<Home />) },
      { path: PAGE_ROUTES.product, element: page(<Home />) },
      { path: PAGE_ROUTES.generate, element: <ComingSoon title="Full generation app" /> },
      { path: PAGE_ROUTES.results, element: <ComingSoon title="Results" /> },
      { path: PAGE_ROUTES.billing, element: <ComingSoon title="Credits & Billing" /> },
      { path: PAGE_ROUTES.billingSuccess, element: <ComingSoon title="Credits & Billing" /> },
      { path: PAGE_ROUTES.policy, element: <PolicyPage /> },
      { path: PAGE_ROUTES.promptingGuide, element: <PromptingGuidePage /> },
      { path: PAGE_ROUTES.console, element: <ComingSoon title="PROSE API Console" /> },
      { path: PAGE_ROUTES.adminCampaigns, element: <ComingSoon title="Bonus Credit Campaigns" /> },
      { path: PAGE_ROUTES.adminDirectGrant, element: <ComingSoon title="Direct Credit Grant" /> },
      { path: PAGE_ROUTES.settings, element: <SettingsPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);

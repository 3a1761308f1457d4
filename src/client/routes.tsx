import { lazy, Suspense } from "react";
import type { RouteObject } from "react-router";
import { DOCUMENT_ROUTE, PAGE_ROUTES } from "../shared/routes";
import { PageFallback } from "./components/page-fallback";
import { PopupComplete } from "./features/auth/popup-complete";
import { HomePage as Home } from "./features/home/home-page";
import { Layout } from "./features/layout/layout";
import { NotFoundPage } from "./features/pages/not-found";
import { RouteErrorPage } from "./features/pages/route-error";

// Until its code has run, a page shows the drawing the server sent of it (a page shell) or a spinner.
const page = (element: React.ReactNode) => <Suspense fallback={<PageFallback />}>{element}</Suspense>;

// Every screen but Home (the landing page: loaded lazily, its swap from the spinner shifted the
// layout) loads on demand, so the landing page stays light.
const PolicyPage = lazy(() => import("./features/pages/policy").then((m) => ({ default: m.PolicyPage })));
const PromptingGuidePage = lazy(() =>
  import("./features/pages/prompting-guide").then((m) => ({ default: m.PromptingGuidePage })),
);
const Results = lazy(() => import("./features/writing/results/results-page").then((m) => ({ default: m.ResultsPage })));
const CheckPage = lazy(() => import("./features/check/check-page").then((m) => ({ default: m.CheckPage })));
const Billing = lazy(() => import("./features/billing/billing-page").then((m) => ({ default: m.BillingPage })));
const Campaigns = lazy(() => import("./features/admin/campaigns-page").then((m) => ({ default: m.CampaignsPage })));
const DirectGrant = lazy(() =>
  import("./features/admin/direct-grant-page").then((m) => ({ default: m.DirectGrantPage })),
);
const FullApp = lazy(() =>
  import("./features/writing/full-app/full-app-page").then((m) => ({ default: m.FullAppPage })),
);
const Settings = lazy(() => import("./features/account/settings-page").then((m) => ({ default: m.SettingsPage })));
const ResetPassword = lazy(() =>
  import("./features/auth/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })),
);
const SignInLink = lazy(() => import("./features/auth/sign-in-link-page").then((m) => ({ default: m.SignInLinkPage })));
const Documents = lazy(() => import("./features/documents/documents-page").then((m) => ({ default: m.DocumentsPage })));
const DocumentPage = lazy(() =>
  import("./features/documents/document-page").then((m) => ({ default: m.DocumentPage })),
);
const NewBatch = lazy(() => import("./features/batches/new-batch-page").then((m) => ({ default: m.NewBatchPage })));
const BatchPage = lazy(() => import("./features/batches/batch-page").then((m) => ({ default: m.BatchPage })));
const AdminJobs = lazy(() => import("./features/admin/jobs-page").then((m) => ({ default: m.JobsPage })));
const Connections = lazy(() =>
  import("./features/publishing/connections-page").then((m) => ({ default: m.ConnectionsPage })),
);
const ProseConsole = lazy(() =>
  import("./features/writing/console/console-page").then((m) => ({ default: m.ProseConsolePage })),
);

/** The page routes: main.tsx makes the browser router of them, prerender.tsx the landing page's static one. */
export const routes: RouteObject[] = [
  { path: PAGE_ROUTES.oauthPopup, element: <PopupComplete /> },
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: PAGE_ROUTES.home, element: <Home /> },
      { path: PAGE_ROUTES.product, element: <Home /> },
      { path: PAGE_ROUTES.generate, element: page(<FullApp />) },
      { path: PAGE_ROUTES.results, element: page(<Results />) },
      { path: PAGE_ROUTES.billing, element: page(<Billing />) },
      { path: PAGE_ROUTES.billingSuccess, element: page(<Billing paymentReturn />) },
      { path: PAGE_ROUTES.policy, element: page(<PolicyPage />) },
      { path: PAGE_ROUTES.promptingGuide, element: page(<PromptingGuidePage />) },
      { path: PAGE_ROUTES.console, element: page(<ProseConsole />) },
      { path: PAGE_ROUTES.adminCampaigns, element: page(<Campaigns />) },
      { path: PAGE_ROUTES.adminDirectGrant, element: page(<DirectGrant />) },
      { path: PAGE_ROUTES.adminJobs, element: page(<AdminJobs />) },
      { path: PAGE_ROUTES.settings, element: page(<Settings />) },
      { path: PAGE_ROUTES.resetPassword, element: page(<ResetPassword />) },
      { path: PAGE_ROUTES.signInLink, element: page(<SignInLink />) },
      { path: PAGE_ROUTES.documents, element: page(<Documents />) },
      { path: PAGE_ROUTES.check, element: page(<CheckPage />) },
      { path: DOCUMENT_ROUTE, element: page(<DocumentPage />) },
      { path: PAGE_ROUTES.newBatch, element: page(<NewBatch />) },
      { path: "/batches/:id", element: page(<BatchPage />) },
      { path: PAGE_ROUTES.settingsConnections, element: page(<Connections />) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

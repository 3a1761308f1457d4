// The app itself, imported by main.tsx once React DOM, the router and TanStack Query are evaluated.
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { dropPageShell, keepPageShell } from "./components/page-fallback";
import { ToastHost } from "./components/toast-host";
import { UnsavedTextDialog } from "./components/unsaved-text-dialog";
import { AuthProvider } from "./features/auth/auth-context";
import { dropEarlyGets } from "./lib/early-get";
import { seedPageData } from "./lib/page-data";
import { queryClient } from "./lib/query";
import { createAppRouter } from "./lib/router";
import { preloadLinkTargets, preloadOnNavigation } from "./page-files";
import { routes } from "./routes";

// The public answers the server sent with the page: its first drawing needs no request for them.
seedPageData(queryClient);
const router = createAppRouter(routes);
// Early GETs serve the page opened (lib/early-get.ts): once the user moves on, reads go to the network.
const stopDropping = router.subscribe(() => {
  dropEarlyGets();
  dropPageShell();
  stopDropping();
});
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <ToastHost />
        <UnsavedTextDialog />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>
);

const container = document.getElementById("root") as HTMLElement;
// The landing page comes drawn (landing.html, prerendered at build time by scripts/prerender.mjs):
// React takes it over in a transition, so the work is cut into slices that leave the main thread
// free between them (no long task while the page loads).
// Every other page is drawn in a transition too: the first render of the app and its page is sliced
// the same way rather than one long task.
// A signed-in page may come with a shell (its heading, drawn at build time: prerender.tsx): it is not
// hydrated but kept as the page's fallback (components/page-fallback.tsx), and React draws the app over it.
const shell = keepPageShell(container, window.location.pathname);
if (container.firstElementChild && !shell) startTransition(() => void hydrateRoot(container, app));
else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
// A link's page starts loading when the pointer rests on the link or it takes focus, and any page's
// files with its chunk when the router moves to it (page-files.ts).
preloadLinkTargets();
preloadOnNavigation(router);

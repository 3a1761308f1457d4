// The landing page as static HTML, for scripts/prerender.mjs at build time: the app's own tree in
// the state of its first render in the browser (the session still loading), so main.tsx hydrates it
// as it is. Built for Node by Vite (SSR), never shipped to the browser.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { ToastHost } from "./components/toast-host";
import { AuthProvider } from "./features/auth/auth-context";
import { routes } from "./routes";

export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          {/* No hydration data: the routes have no loaders, and the CSP allows no inline script. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <ToastHost />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Card, CardContent, CardHeader } from "../../components/ui/card";

/** Shown when a screen throws: a plain apology and a way back, never a stack. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
        </CardHeader>
        <CardContent className="space-y-3 text-slate-700">
          <p>This screen hit an unexpected error{detail ? ` (${detail})` : ""}. Your work on the server is safe.</p>
          <p>
            <a href={window.location.pathname} className="text-brand-700 underline">
              Reload the page
            </a>{" "}
            or{" "}
            <Link to={PAGE_ROUTES.product} className="text-brand-700 underline">
              go to the home page
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </main>
  );
}

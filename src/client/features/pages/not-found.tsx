import { Link } from "react-router";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Card, CardContent, CardHeader } from "../../components/ui/card";

export function NotFoundPage() {
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <h1 className="text-2xl font-semibold text-slate-900">Page Not Found</h1>
      </CardHeader>
      <CardContent className="space-y-3 text-slate-700">
        <p>Did you forget to add the page to the router?</p>
        <p className="text-sm text-slate-600">
          Nothing lives at <code className="rounded bg-slate-100 px-1">{window.location.pathname}</code>.{" "}
          <Link to={PAGE_ROUTES.product} className="text-brand-700 underline">
            Go to the home page
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}

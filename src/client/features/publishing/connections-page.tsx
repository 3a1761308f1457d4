// /settings/connections: the ConnectionsSection on its own page (linked from the account menu).
import { Link } from "react-router";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { useAuth } from "../auth/auth-context";
import { ConnectionsSection } from "./connections-section";

export function ConnectionsPage() {
  const { user, loading, openSignIn } = useAuth();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link className="hover:underline" to={PAGE_ROUTES.settings}>
          Settings
        </Link>{" "}
        / Connections
      </nav>
      <h1 className="text-2xl font-semibold text-slate-900">Connections</h1>
      {loading ? null : user ? (
        <ConnectionsSection />
      ) : (
        <div className="space-y-3 text-slate-700">
          <p>Sign in to connect your WordPress site or Shopify store.</p>
          <Button onClick={() => openSignIn("signin")}>Sign In</Button>
        </div>
      )}
    </div>
  );
}

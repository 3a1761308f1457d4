// What both admin screens show before their content: a spinner while the session loads,
// 'Authentication Required' when signed out, a plain refusal for a signed-in non-admin, and the
// top buttons between the two screens. The server enforces the same rule on /api/admin/*.
import { useQuery } from "@tanstack/react-query";
import { Gift, ShieldAlert, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { AdminStatusResponse } from "../../../shared/admin";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { PageSpinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useAuth } from "../auth/auth-context";

export function AdminGate({ children }: { children: ReactNode }) {
  const { loading, user, openSignIn } = useAuth();

  if (loading) {
    return <PageSpinner label="Loading your account" />;
  }
  if (!user) {
    return (
      <Card className="mx-auto max-w-lg" role="region" aria-labelledby="admin-auth-required">
        <CardHeader>
          <h1 id="admin-auth-required" className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            <ShieldAlert className="size-6 text-amber-600" aria-hidden="true" />
            Authentication Required
          </h1>
          <CardDescription>Please sign in with an administrator account to manage bonus credits.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => openSignIn("signin")}>Sign In</Button>
        </CardContent>
      </Card>
    );
  }
  if (user.role !== "admin") {
    return (
      <Card className="mx-auto max-w-lg" role="region" aria-labelledby="admin-only">
        <CardHeader>
          <h1 id="admin-only" className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            <ShieldAlert className="size-6 text-red-700" aria-hidden="true" />
            This area is for administrators
          </h1>
          <CardDescription>
            You are signed in as {user.email}, which is not an administrator account. Ask an administrator if you need
            access.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <SetupNotice />
      <AdminNav />
      {children}
    </div>
  );
}

/** The server's notices for the operator (GET /api/admin/status): a proxy it does not trust. */
function SetupNotice() {
  const status = useQuery<AdminStatusResponse>({ queryKey: ["/api/admin/status"] });
  const notice = status.data?.untrustedProxy;
  if (!notice) return null;
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <strong>Proxy not trusted.</strong> {notice}
    </p>
  );
}

function AdminNav() {
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(buttonVariants({ variant: isActive ? "default" : "outline" }));
  return (
    <nav aria-label="Admin" className="flex flex-wrap gap-2">
      <NavLink to={PAGE_ROUTES.adminCampaigns} className={link} end>
        <Gift aria-hidden="true" />
        Bonus Credit Campaigns
      </NavLink>
      <NavLink to={PAGE_ROUTES.adminDirectGrant} className={link} end>
        <UserPlus aria-hidden="true" />
        Direct Credit Grants
      </NavLink>
    </nav>
  );
}

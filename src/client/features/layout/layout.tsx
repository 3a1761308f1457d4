import { Coins, CreditCard, Files, Link2, LogOut, Menu, Settings, Shield, UserRound } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, Outlet, useNavigate } from "react-router";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { useAuth } from "../auth/auth-context";
import { VerifyEmailBanner } from "../auth/verify-email-banner";
import { InsufficientCreditsProvider } from "../credits/insufficient-credits-dialog";

// The sign-in forms (and zod, react-hook-form) load when the dialog first opens, not with the landing page.
const SignInDialog = lazy(() => import("../auth/sign-in-dialog").then((m) => ({ default: m.SignInDialog })));

function LazySignInDialog() {
  const { signInOpen } = useAuth();
  return signInOpen ? (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  ) : null;
}

export function Logo() {
  return (
    <Link
      to={PAGE_ROUTES.product}
      className="flex items-center gap-2 font-semibold text-slate-900"
      aria-label="Draftsmith home"
    >
      <img src="/favicon.svg" alt="" className="size-7" width={28} height={28} />
      <span className="text-lg tracking-tight">Draftsmith</span>
    </Link>
  );
}

export function Header() {
  const { user, credits, loading, openSignIn, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 text-sm md:flex">
          <Link className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" to={PAGE_ROUTES.generate}>
            Full app
          </Link>
          {user && (
            <Link className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" to={PAGE_ROUTES.documents}>
              Documents
            </Link>
          )}
          <Link className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" to={PAGE_ROUTES.console}>
            PROSE console
          </Link>
          <Link className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" to={PAGE_ROUTES.promptingGuide}>
            Prompting guide
          </Link>
        </nav>
        <div className="flex items-center gap-2">
          {loading ? null : user ? (
            <>
              <Link
                to={PAGE_ROUTES.billing}
                className="flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
                aria-label={`${credits?.availableCredits ?? 0} credits available`}
                data-testid="header-credits"
              >
                <Coins className="size-4" aria-hidden="true" />
                <span>{credits?.availableCredits ?? "…"}</span>
                <span className="hidden sm:inline">credits</span>
              </Link>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" size="icon" aria-label="Account menu">
                    <UserRound />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => navigate(PAGE_ROUTES.billing)}>
                    <Coins className="size-4" /> Credits: {credits?.availableCredits ?? 0}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => navigate(PAGE_ROUTES.billing)}>
                    <CreditCard className="size-4" /> Billing
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => navigate(PAGE_ROUTES.settings)}>
                    <Settings className="size-4" /> Settings
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => navigate(PAGE_ROUTES.settingsConnections)}>
                    <Link2 className="size-4" /> Connections
                  </DropdownMenuItem>
                  {user.role === "admin" && (
                    <DropdownMenuItem onSelect={() => navigate(PAGE_ROUTES.adminCampaigns)}>
                      <Shield className="size-4" /> Admin
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuItem className="md:hidden" onSelect={() => navigate(PAGE_ROUTES.generate)}>
                    <Menu className="size-4" /> Full app
                  </DropdownMenuItem>
                  <DropdownMenuItem className="md:hidden" onSelect={() => navigate(PAGE_ROUTES.documents)}>
                    <Files className="size-4" /> Documents
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem
                    onSelect={async () => {
                      await signOut();
                      navigate(PAGE_ROUTES.product);
                    }}
                  >
                    <LogOut className="size-4" /> Sign out
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </>
          ) : (
            <>
              <Button variant="ghost" onClick={() => openSignIn("signin")}>
                Sign In
              </Button>
              <Button onClick={() => openSignIn("signup")}>Sign Up</Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} Draftsmith, a product of Draftsmith Labs. Built by the Draftsmith engineering
          team.
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link className="hover:text-slate-900 hover:underline" to={PAGE_ROUTES.promptingGuide}>
            Prompting guide
          </Link>
          <Link className="hover:text-slate-900 hover:underline" to={PAGE_ROUTES.policy}>
            User policy
          </Link>
          <Link className="hover:text-slate-900 hover:underline" to={PAGE_ROUTES.billing}>
            Pricing
          </Link>
        </nav>
      </div>
    </footer>
  );
}

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <VerifyEmailBanner />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <InsufficientCreditsProvider>
          <Outlet />
        </InsufficientCreditsProvider>
      </main>
      <Footer />
      <LazySignInDialog />
    </div>
  );
}

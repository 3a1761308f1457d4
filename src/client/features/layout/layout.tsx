import { Coins, CreditCard, Link2, LogOut, Menu, Settings, Shield, UserRound } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "../../components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { titleFor } from "../../lib/document-title";
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

/** The header's page links: the desktop bar and the phone menu list the same ones. */
function mainLinks(signedIn: boolean): { to: string; label: string }[] {
  return [
    { to: PAGE_ROUTES.generate, label: "Full app" },
    ...(signedIn ? [{ to: PAGE_ROUTES.documents, label: "Documents" }] : []),
    { to: PAGE_ROUTES.console, label: "PROSE console" },
    { to: PAGE_ROUTES.promptingGuide, label: "Prompting guide" },
  ];
}

/**
 * Below `md` the header has no room for its links: a menu button opens them in a sheet (a radix
 * Dialog, so focus stays inside until it closes), and a route change closes it.
 */
function MobileNav({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the route changes
  useEffect(() => setOpen(false), [pathname]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu />
        </Button>
      </DialogTrigger>
      <DialogContent className="left-auto right-0 top-0 h-full max-h-none w-72 max-w-[85vw] translate-x-0 translate-y-0 rounded-none rounded-l-xl">
        <DialogTitle>Menu</DialogTitle>
        <DialogDescription className="sr-only">Pages of Draftsmith</DialogDescription>
        <nav aria-label="Mobile" className="mt-4 flex flex-col gap-1">
          {mainLinks(signedIn).map((l) => (
            <Link
              key={l.to}
              to={l.to}
              aria-current={pathname === l.to ? "page" : undefined}
              className="rounded-md px-3 py-3 text-base text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-slate-100 aria-[current=page]:font-medium"
            >
              {l.label}
            </Link>
          ))}
        </nav>
      </DialogContent>
    </Dialog>
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
          {mainLinks(Boolean(user)).map((l) => (
            <Link key={l.to} className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" to={l.to}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <MobileNav signedIn={Boolean(user)} />
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
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);
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

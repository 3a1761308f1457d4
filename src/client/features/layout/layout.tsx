import { Coins, Menu, UserRound } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { creditCount } from "../../../shared/plural";
import { API_REFERENCE_PATH, PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { titleFor } from "../../lib/document-title";
import { useAuth } from "../auth/auth-context";
import { VerifyEmailBanner } from "../auth/verify-email-banner";
import { InsufficientCreditsProvider } from "../credits/insufficient-credits-dialog";
import { mainLinks } from "./main-links";

// The account menu (radix DropdownMenu) and the phone menu's sheet (radix Dialog) load when first
// needed: signed-out visitors of the landing page never download them.
const AccountMenu = lazy(() => import("./header-menus").then((m) => ({ default: m.AccountMenu })));
const MobileNavSheet = lazy(() => import("./header-menus").then((m) => ({ default: m.MobileNavSheet })));

/**
 * The account menu's trigger as it looks before the menu's code has loaded (no layout shift);
 * disabled until then, so a click is never swallowed by a button that can't open anything yet.
 */
function AccountMenuButton() {
  return (
    <Button variant="outline" size="icon" aria-label="Account menu" aria-haspopup="menu" disabled>
      <UserRound />
    </Button>
  );
}

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

/**
 * Below `md` a menu button opens the header's links in a sheet (a radix Dialog in
 * `header-menus.tsx`, loaded on the first click, so the landing page does not carry it). The
 * button stays the same element; the sheet opens controlled, and the Dialog's focus scope returns
 * focus to the button when it closes.
 */
function MobileNav({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the route changes
  useEffect(() => setOpen(false), [pathname]);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onOpenChange={setOpen} links={mainLinks(signedIn)} />
        </Suspense>
      )}
    </>
  );
}

export function Header() {
  const { user, credits, loading, openSignIn } = useAuth();
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
        {/* On a phone this group fills the row and its menu button comes last: the account controls
            that appear once the session is known move nothing already drawn (no layout shift). */}
        <div className="flex flex-1 items-center justify-end gap-2 md:flex-none">
          {loading ? null : user ? (
            <>
              <Link
                to={PAGE_ROUTES.billing}
                className="flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
                aria-label={`${creditCount(credits?.availableCredits ?? 0)} available`}
                data-testid="header-credits"
              >
                <Coins className="size-4" aria-hidden="true" />
                <span>{credits?.availableCredits ?? "…"}</span>
                <span className="hidden sm:inline">credits</span>
              </Link>
              <Suspense fallback={<AccountMenuButton />}>
                <AccountMenu />
              </Suspense>
            </>
          ) : (
            <>
              <Button variant="ghost" onClick={() => openSignIn("signin")}>
                Sign In
              </Button>
              <Button onClick={() => openSignIn("signup")}>Sign Up</Button>
            </>
          )}
          <MobileNav signedIn={Boolean(user)} />
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
          {/* A page the server serves (Swagger UI), not one of the app's: a plain link. */}
          <a className="hover:text-slate-900 hover:underline" href={API_REFERENCE_PATH}>
            API
          </a>
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
      {/* At least a screen tall, so the footer starts below the fold: a page whose content arrives
          late pushes nothing visible down (no layout shift). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-8">
        <InsufficientCreditsProvider>
          <Outlet />
        </InsufficientCreditsProvider>
      </main>
      <Footer />
      {/* Last in the page and sticky to the bottom of the screen: it appears once the session is
          known without moving what is already drawn. */}
      <VerifyEmailBanner />
      <LazySignInDialog />
    </div>
  );
}

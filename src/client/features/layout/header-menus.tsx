// The header's menus that load on demand (layout.tsx): the account menu of a signed-in user and
// the phone menu's sheet. Neither is drawn on the signed-out landing page before a click.
import { Coins, CreditCard, Link2, ListChecks, LogOut, Settings, Shield, UserRound } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { useAuth } from "../auth/auth-context";
import type { MainLink } from "./main-links";

export function AccountMenu() {
  const { user, credits, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
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
        {user.role === "admin" && (
          <DropdownMenuItem onSelect={() => navigate(PAGE_ROUTES.adminJobs)}>
            <ListChecks className="size-4" /> Jobs
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
  );
}

/** The phone menu's sheet, opened by the header's menu button. */
export function MobileNavSheet({
  open,
  onOpenChange,
  links,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: MainLink[];
}) {
  const { pathname } = useLocation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="left-auto right-0 top-0 h-full max-h-none w-72 max-w-[85vw] translate-x-0 translate-y-0 rounded-none rounded-l-xl">
        <DialogTitle>Menu</DialogTitle>
        <DialogDescription className="sr-only">Pages of Draftsmith</DialogDescription>
        <nav aria-label="Mobile" className="mt-4 flex flex-col gap-1">
          {links.map((l) => (
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

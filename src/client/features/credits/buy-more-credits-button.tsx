// 'Buy More Credits' (spec §2, §9): shown to a signed-in user whose balance is under 10 credits.
import { Coins } from "lucide-react";
import { Link } from "react-router";
import { LOW_BALANCE_THRESHOLD } from "../../../shared/limits";
import { PAGE_ROUTES } from "../../../shared/routes";
import { Button, type ButtonProps } from "../../components/ui/button";
import { useAuth } from "../auth/auth-context";

export const isLowBalance = (available: number | undefined) =>
  available !== undefined && available < LOW_BALANCE_THRESHOLD;

export function BuyMoreCreditsButton({
  className,
  size,
  variant = "outline",
}: Pick<ButtonProps, "className" | "size" | "variant">) {
  const { user, credits } = useAuth();
  if (!user || !isLowBalance(credits?.availableCredits)) return null;
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to={PAGE_ROUTES.billing}>
        <Coins aria-hidden="true" />
        Buy More Credits
      </Link>
    </Button>
  );
}

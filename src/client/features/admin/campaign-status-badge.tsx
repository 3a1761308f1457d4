// The derived campaign status of spec §4 as a badge.
import type { CampaignStatus } from "../../../shared/admin";
import { Badge } from "../../components/ui/badge";

const STATUS: Record<
  CampaignStatus,
  { label: string; variant: "secondary" | "warning" | "success" | "danger" | "default" }
> = {
  draft: { label: "Draft", variant: "secondary" },
  scheduled: { label: "Scheduled", variant: "warning" },
  active: { label: "Active", variant: "success" },
  expired: { label: "Expired", variant: "danger" },
  completed: { label: "Completed", variant: "default" },
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const s = STATUS[status];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

import { format } from "date-fns";

/** A document's or version's time as the library and a document's page show it ("Dec 6, 2026 07:15"). */
export const formatWhen = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, "MMM d, yyyy HH:mm");
};

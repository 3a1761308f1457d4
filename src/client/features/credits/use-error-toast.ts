// A failed query shows its spec §8 toast once per failure, not on every render.
import { useEffect } from "react";
import { errorText } from "../../lib/errors";
import { toast } from "../../lib/toast";

export function useErrorToast(error: unknown, title: string, fallback = "Please try again") {
  useEffect(() => {
    if (error) toast.error(title, errorText(error, fallback));
  }, [error, title, fallback]);
}

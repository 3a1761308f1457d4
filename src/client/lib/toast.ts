import { toast as sonner } from "sonner";
import { TOAST } from "../../shared/limits";
import { type ParsedError, parseError } from "./errors";

// Spec §9: one toast at a time (the Toaster's visibleToasts), 5 s by default, 8 s for generation errors.
export const toast = {
  success: (title: string, description?: string) => sonner.success(title, { description, duration: TOAST.durationMs }),
  info: (title: string, description?: string) => sonner(title, { description, duration: TOAST.durationMs }),
  warning: (title: string, description?: string) => sonner.warning(title, { description, duration: TOAST.durationMs }),
  error: (title: string, description?: string) => sonner.error(title, { description, duration: TOAST.durationMs }),
  /** Destructive, 8 seconds, 'Please try again' when there is nothing better to say. */
  generationError: (parsed: ParsedError) =>
    sonner.error(parsed.title, {
      description: parsed.message || "Please try again",
      duration: TOAST.generationErrorMs,
    }),
  fromError: (err: unknown, fallbackTitle?: string) => {
    const parsed = parseError(err);
    return sonner.error(fallbackTitle ?? parsed.title, { description: parsed.message, duration: TOAST.durationMs });
  },
};
